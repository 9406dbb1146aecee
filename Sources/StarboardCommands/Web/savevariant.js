// "Save as variant…": names the current values and has the server write them
// into the component's Swift source as a `Variant("…") { … }` entry beside the
// others (see docs/protocol.md, `source` and `saveVariant`).
//
// The page asks for the file's digest when it shows a component, and sends it
// back with the save: the server refuses a file edited since. While a name is
// typed, a dry run shows the exact line that would be written, or why it would
// not be; nothing is written before Save.

const DRY_RUN_DELAY_MS = 180;
const SETTLE_WAIT_MS = 3000;

/** What the toast says after a save: where it went and when it shows up. */
export function savedText(reply) {
  const where = `Saved “${reply.name}” to ${reply.file}`;
  return reply.rebuilds
    ? `${where}; it appears among the variants after the rebuild.`
    : `${where}; rebuild and restart the server to see it (serve --watch does both by itself).`;
}

/**
 * `ui`: {dialog, form, opener, name, file, entry, error, submit, cancel}.
 * `page`: {connection, current() → {component, revision} or null,
 * unsettled(component) → whether this window's changes are still travelling,
 * toast(text, kind)}.
 */
export class SaveVariant {
  #ui;
  #page;
  #component = null;
  #source = null;          // the latest `source` message for #component
  #generation = 0;          // bumps per component and per typed name
  #timer = 0;
  #saving = false;
  #shown = null;            // {name, revision, entry} of the line on screen

  constructor(ui, page) {
    this.#ui = ui;
    this.#page = page;
    ui.opener.addEventListener('click', () => this.open());
    ui.cancel.addEventListener('click', () => ui.dialog.close());
    ui.name.addEventListener('input', () => this.#scheduleDryRun());
    ui.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#save();
    });
    ui.dialog.addEventListener('close', () => {
      clearTimeout(this.#timer);
      this.#generation += 1;
      ui.opener.focus();
    });
  }

  /** The component on screen changed (or its code was reloaded): ask where its source is. */
  async setComponent(name) {
    this.#component = name;
    this.#source = null;
    this.#generation += 1;
    this.#showSource();
    if (!name) return;
    try {
      const reply = await this.#page.connection.request({ type: 'source', component: name });
      this.sourceArrived(reply);
    } catch (error) {
      if (error.name !== 'DisconnectedError' && name === this.#component) {
        this.sourceArrived({ component: name, unavailable: error.message });
      }
    }
  }

  /** A `source` message: a reply, or the new digest after another window saved. */
  sourceArrived(message) {
    if (message.component !== this.#component) return;
    this.#source = message;
    this.#showSource();
  }

  open() {
    const { dialog, name, error, entry } = this.#ui;
    if (!this.#component) return;
    name.value = '';
    error.textContent = '';
    entry.textContent = '';
    this.#showSource();
    if (!dialog.open) dialog.showModal();
    if (this.#source?.unavailable) this.#ui.cancel.focus();
    else name.focus();
  }

  #showSource() {
    const { file, submit, name, error, opener } = this.#ui;
    const source = this.#source;
    opener.title = source?.unavailable
      ? `Cannot save variants here: ${source.unavailable}`
      : 'Write the current values into the component’s Swift source as a named variant';
    if (!source) {
      file.textContent = 'looking for the component’s source…';
      submit.disabled = true;
      return;
    }
    if (source.unavailable) {
      file.textContent = 'nowhere: saving is unavailable';
      error.textContent = source.unavailable;
      name.disabled = true;
      submit.disabled = true;
      return;
    }
    file.textContent = source.file;
    name.disabled = false;
    submit.disabled = this.#saving || !this.#name();
  }

  #scheduleDryRun() {
    clearTimeout(this.#timer);
    this.#generation += 1;
    this.#ui.error.textContent = '';
    this.#showSource();
    this.#shown = null;
    this.#ui.entry.textContent = '';
    if (!this.#ui.name.value.trim()) return;
    const generation = this.#generation;
    this.#timer = setTimeout(() => this.#dryRun(generation), DRY_RUN_DELAY_MS);
  }

  /** Asks what Save would write now, and shows it; resolves with what is shown, or null. */
  async #dryRun(generation) {
    const name = this.#name();
    const revision = this.#page.current()?.revision;
    try {
      const reply = await this.#request(true, revision);
      if (generation !== this.#generation) return null;
      this.#shown = { name, revision, entry: reply.entry };
      this.#ui.entry.textContent = reply.entry;
      return this.#shown;
    } catch (error) {
      if (generation !== this.#generation) return null;
      this.#shown = null;
      this.#ui.entry.textContent = '';
      this.#ui.error.textContent = this.#reason(error);
      return null;
    }
  }

  async #save() {
    if (this.#saving || this.#ui.submit.disabled) return;
    const { dialog, error, submit } = this.#ui;
    this.#saving = true;
    submit.disabled = true;
    error.textContent = '';
    this.#generation += 1;
    clearTimeout(this.#timer);
    try {
      // The values to save are those on screen: wait until this window's own changes arrived.
      const component = this.#component;
      const started = performance.now();
      while (this.#page.unsettled(component) && performance.now() - started < SETTLE_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (this.#page.unsettled(component)) throw new Error('Your last change has not reached the server yet; save again in a moment.');
      // What is written is the line on screen: the server refuses it if the values moved on since.
      let shown = this.#shown;
      const stale = shown && shown.name === this.#name() && shown.revision !== this.#page.current()?.revision;
      if (!shown || shown.name !== this.#name() || stale) {
        shown = await this.#dryRun(this.#generation);
        if (!shown) return;
        if (stale) throw new Error('The values changed while this dialog was open; check the line and save again.');
      }
      const reply = await this.#request(false, shown.revision);
      if (reply.component === this.#component) this.#source = { ...this.#source, digest: reply.digest };
      if (dialog.open) dialog.close();
      this.#page.toast(savedText(reply));
    } catch (failure) {
      // Closed meanwhile (Escape): the refusal must still be seen.
      if (dialog.open) error.textContent = this.#reason(failure);
      else this.#page.toast(`Variant not saved: ${this.#reason(failure)}`, 'error');
    } finally {
      this.#saving = false;
      this.#showSource();
    }
  }

  /** The name as it will be written: spaces at either end are no part of it. */
  #name() {
    return this.#ui.name.value.trim();
  }

  #request(dryRun, revision) {
    const current = this.#page.current();
    if (!current || current.component !== this.#component || !Number.isInteger(revision)) {
      return Promise.reject(new Error('The component has not been rendered yet; wait a moment and try again.'));
    }
    return this.#page.connection.request({
      type: 'saveVariant', component: this.#component, name: this.#name(),
      revision, digest: this.#source?.digest ?? '', ...(dryRun ? { dryRun: true } : {}),
    });
  }

  /** The server's words without the component's name in front (the dialog is about it). */
  #reason(error) {
    const text = error?.message ?? String(error);
    const prefix = `${this.#component}: `;
    const bare = text.startsWith(prefix) ? text.slice(prefix.length) : text;
    return bare.charAt(0).toUpperCase() + bare.slice(1);
  }
}
