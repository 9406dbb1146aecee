// Problems the server reports outside a request: component code that crashed or hung while
// rendering ("problem" messages), hot-reload builds ("build" messages) and values that could not
// be saved ("saving" messages). They are shown over the canvas while the last good preview stays
// visible underneath.

import { describeBuild } from './buildphases.js';

/** How long "Done in … s" stays after a good build. */
const DONE_SHOWN_MS = 4000;

export class Problems {
  #banner;
  #build;
  #hideDone = null;
  #saving;
  #problems = new Map(); // component → message, until its next good render
  #current = null;

  constructor({ banner, build, saving }) {
    this.#banner = banner;
    this.#build = build;
    this.#saving = saving;
  }

  /** `{"type":"saving","state":"failed","message":…}` or `{"type":"saving","state":"ok"}`. */
  showSaving(message) {
    const panel = this.#saving;
    if (!panel) return;
    panel.replaceChildren();
    panel.hidden = message.state !== 'failed';
    if (panel.hidden) return;
    const title = document.createElement('strong');
    title.textContent = 'Values are not being saved';
    const text = document.createElement('p');
    text.textContent = message.message ?? '';
    const hint = document.createElement('p');
    hint.className = 'problem-hint';
    hint.textContent = 'Changes apply, but a restart of the server will lose them until this is fixed.';
    panel.append(title, text, hint);
  }

  /** The component on screen; its problem, if any, is the one shown. */
  setCurrent(name) {
    this.#current = name;
    this.#showBanner();
  }

  report(component, message) {
    this.#problems.set(component, message);
    this.#showBanner();
  }

  /** A good render arrived: the component works again. */
  resolved(component) {
    if (this.#problems.delete(component)) this.#showBanner();
  }

  #showBanner() {
    const message = this.#problems.get(this.#current);
    this.#banner.hidden = !message;
    this.#banner.replaceChildren();
    if (!message) return;
    const title = document.createElement('strong');
    title.textContent = 'Rendering failed';
    const text = document.createElement('p');
    text.textContent = message;
    const hint = document.createElement('p');
    hint.className = 'problem-hint';
    hint.textContent = 'The last good preview is shown. Change the value, or fix the component and save.';
    this.#banner.append(title, text, hint);
  }

  /** `{"type":"build","state":"building"|"failed"|"succeeded","phase":…,"phases":[…], …}` from `serve --watch`. */
  showBuild(message) {
    const panel = this.#build;
    panel.dataset.state = message.state;
    panel.replaceChildren();
    clearTimeout(this.#hideDone);
    panel.hidden = false;
    const shown = describeBuild(message);
    const title = document.createElement('strong');
    title.textContent = shown.title;
    panel.append(title);
    if (shown.steps.length) {
      const steps = document.createElement('ol');
      steps.className = 'build-phases';
      for (const step of shown.steps) {
        const item = document.createElement('li');
        if (step.current) item.dataset.current = 'true';
        const label = document.createElement('span');
        label.textContent = step.label;
        item.append(label);
        if (step.time) {
          const time = document.createElement('span');
          time.className = 'build-time';
          time.textContent = step.time;
          item.append(time);
        }
        steps.append(item);
      }
      panel.append(steps);
    }
    if (shown.note) {
      const note = document.createElement('p');
      note.className = 'build-note';
      note.textContent = shown.note;
      panel.append(note);
    }
    if (message.state === 'succeeded') {
      this.#hideDone = setTimeout(() => { panel.hidden = true; }, DONE_SHOWN_MS);
      return;
    }
    if (message.state !== 'failed') return;
    const list = document.createElement('ul');
    for (const diagnostic of message.diagnostics ?? []) {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'diagnostic';
      const where = `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`;
      button.title = 'Copy the location and message';
      const location = document.createElement('code');
      location.textContent = where;
      const text = document.createElement('span');
      text.textContent = ` ${diagnostic.message}`;
      button.append(location, text);
      button.addEventListener('click', () => {
        navigator.clipboard?.writeText(`${where}: error: ${diagnostic.message}`).catch(() => {});
        button.dataset.copied = 'true';
      });
      item.append(button);
      list.append(item);
    }
    if (!list.children.length && message.output) {
      const output = document.createElement('pre');
      output.textContent = message.output;
      panel.append(output);
    }
    panel.append(list);
  }
}
