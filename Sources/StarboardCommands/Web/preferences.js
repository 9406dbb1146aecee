// The canvas preferences both pages share (zoom, background, frames, true-scale
// cards), kept in localStorage so a reload or the static export opens the same way.

const KEY = 'starboard.canvas';
const DEFAULTS = { zoom: 'fit', background: 'auto', outlines: false, trueScale: false };

/**
 * Wires the toolbar's zoom and background groups and the Frames and True scale
 * check boxes to `canvas` and `variants`, and applies the saved choices.
 * Returns `setScheme(scheme)`: the "auto" background is light or dark as the
 * window's color scheme is.
 */
export function wirePreferences({ zoom, background, outlines, trueScale, canvas, variants }) {
  const preferences = load();
  let scheme = 'light';
  const save = () => {
    try { localStorage.setItem(KEY, JSON.stringify(preferences)); } catch { /* private mode, some file:// pages */ }
  };
  const pressOnly = (group, attribute, value) => {
    for (const button of group.querySelectorAll(`[${attribute}]`)) {
      button.setAttribute('aria-pressed', String(button.getAttribute(attribute) === value));
    }
  };
  const apply = () => {
    pressOnly(zoom, 'data-zoom', preferences.zoom);
    pressOnly(background, 'data-background', preferences.background);
    outlines.checked = Boolean(preferences.outlines);
    trueScale.checked = Boolean(preferences.trueScale);
    canvas.setZoom(preferences.zoom);
    canvas.setBackground(preferences.background === 'auto' ? scheme : preferences.background);
    canvas.setOutlines(Boolean(preferences.outlines));
    variants.setTrueScale(Boolean(preferences.trueScale));
  };
  const change = (update) => { Object.assign(preferences, update); apply(); save(); };
  zoom.addEventListener('click', (event) => {
    const button = event.target.closest('[data-zoom]');
    if (button) change({ zoom: button.dataset.zoom });
  });
  background.addEventListener('click', (event) => {
    const button = event.target.closest('[data-background]');
    if (button) change({ background: button.dataset.background });
  });
  outlines.addEventListener('change', () => change({ outlines: outlines.checked }));
  trueScale.addEventListener('change', () => change({ trueScale: trueScale.checked }));
  apply();
  return {
    preferences,
    setScheme(next) {
      scheme = next === 'dark' ? 'dark' : 'light';
      apply();
    },
  };
}

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return { ...DEFAULTS, ...(saved && typeof saved === 'object' ? saved : {}) };
  } catch {
    return { ...DEFAULTS };
  }
}
