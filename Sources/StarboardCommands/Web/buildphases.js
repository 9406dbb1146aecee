// What the build panel says about a `serve --watch` rebuild, from its `build` messages (data in,
// text out; problems.js draws it): the phase running now and the ones done, with their times.

const LABELS = {
  planning: 'Planning',
  waiting: 'Waiting for another swift build',
  building: 'swift build',
  compiling: 'Compiling',
  linking: 'Linking',
  restarting: 'Restarting worker',
};

/** A phase's name as the page shows it, with what it works on when the server said. */
export function phaseLabel(name, detail) {
  const label = LABELS[name] ?? name;
  if ((name === 'compiling' || name === 'linking') && detail) return `${label} ${detail}`;
  return label;
}

function seconds(value) {
  return `${value < 10 ? value.toFixed(2) : value.toFixed(1)} s`;
}

/**
 * `{title, steps: [{label, time, current}], note}` for a `build` message: `steps` are the phases
 * done (with their times) and, while building, the one running now (`current`, no time).
 */
export function describeBuild(message) {
  const steps = (message.phases ?? []).map((phase) => ({ label: phaseLabel(phase.name), time: seconds(phase.seconds), current: false }));
  let title;
  if (message.state === 'building') {
    title = 'Building…';
    if (message.phase) steps.push({ label: phaseLabel(message.phase, message.detail), time: null, current: true });
  } else if (message.state === 'succeeded') {
    const total = (message.buildSeconds ?? 0) + (message.reloadSeconds ?? 0);
    title = `Done in ${seconds(total)}`;
  } else {
    title = 'Build failed';
  }
  const note = message.how === 'swift build' && message.reason ? `Full build: ${message.reason}` : null;
  return { title, steps, note };
}
