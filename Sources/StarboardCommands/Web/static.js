// Static mode: the read-only inspector of a folder written by `starboard export`.
//
// This is an ES module like the rest of the page and uses the same modules
// (sidebar list, canvas, read-only inspector rows, variant cards, accessibility
// panel, value formatting), so the export shows values exactly as the live page
// does. Chromium refuses module scripts and fetch() from file://, and an export
// must open from disk as well as from any static web server, so the export
// command bundles this module and its imports into one classic script,
// `staticmode.js` (Sources/StarboardCommands/ExportScript.swift); nobody keeps
// a copy by hand. The data comes from `data.js`, a classic script that sets
// window.STARBOARD_EXPORT ({format, exported, catalog, renders}; see
// `starboard help export`). Nothing is sent anywhere and nothing can be edited.
//
// Deep links: #Component, #Component/Variant%20name, or #Component/@dark for
// the defaults in an environment the component declares.

import { Catalog } from './catalog.js';
import { Canvas } from './canvas.js';
import { Inspector } from './inspector.js';
import { AccessibilityPanel } from './accessibility.js';
import { card, describe } from './variants.js';
import { Sidebar } from './sidebar.js';
import { wirePreferences } from './preferences.js';
import { downloadSVG } from './download.js';
import { Palette } from './palette.js';
import { DocsView } from './docs.js';
import { ViewTabs } from './tabs.js';

const $ = (id) => document.getElementById(id);

const state = {
  data: null,
  components: new Map(),   // name → catalog entry
  current: null,           // catalog entry on screen
  variant: null,           // variant name on screen, or null for the defaults
  shown: null,             // {svg, accessibility, values} on screen
  trueScale: false,
};

function start() {
  document.documentElement.dataset.mode = 'static';
  const data = window.STARBOARD_EXPORT;
  markStatic(data);
  for (const id of ['vary', 'vary-list', 'reset-all', 'copy-swift', 'download-png', 'notes', 'toast', 'connection-banner', 'variant-current',
    'environment-bar', 'matrix', 'audit-head', 'audit-list', 'history-panel', 'history-buttons', 'presence', 'canvas-mode', 'selection',
    'save-variant']) {
    const node = $(id);
    if (node) node.hidden = true;
  }
  if (!data || !Array.isArray(data.catalog) || typeof data.renders !== 'object') {
    $('stage-empty').textContent = 'No catalog data: data.js is missing or was not written by `starboard export`.';
    return;
  }
  state.data = data;
  state.components = new Map(data.catalog.map((component) => [component.name, component]));

  const sidebar = new Sidebar({ toggle: $('sidebar-toggle'), panel: $('sidebar'), filter: $('filter') });
  const catalog = new Catalog({ list: $('component-list'), filter: $('filter'), empty: $('component-empty') });
  catalog.setComponents(data.catalog);
  catalog.addEventListener('select', (event) => { sidebar.chosen(); navigate(event.detail.name, null); });
  const palette = new Palette({
    dialog: $('search-dialog'), input: $('search-input'), list: $('search-results'), empty: $('search-empty'), opener: $('search-open'),
  });
  palette.setComponents(data.catalog);

  const canvas = new Canvas({
    stage: $('stage'), frame: $('preview-frame'), preview: $('preview'), overlay: $('overlay'),
    sizeLabel: $('canvas-size'), empty: $('stage-empty'), interactive: false,
  });
  const inspector = new Inspector($('inspector'), { readOnly: true });
  // The docs of a component come from its catalog entry and the export's renders of its defaults and variants.
  const docs = new DocsView($('docs'));
  const tabs = new ViewTabs({ pane: $('center'), canvasTab: $('tab-canvas'), docsTab: $('tab-docs'), docs: $('docs') });
  const showDocs = () => {
    if (tabs.view !== 'docs' || !state.current) return;
    const render = state.data.renders[state.current.name] ?? {};
    docs.show(state.current, {
      defaults: typeof render.svg === 'string' ? { svg: render.svg, accessibility: render.accessibility ?? [] } : null,
      variants: render.variants ?? [],
      error: typeof render.svg === 'string' ? null : 'This render is missing from the export.',
    });
  };
  tabs.addEventListener('change', showDocs);
  docs.addEventListener('copy', (event) => {
    $('docs').dataset.copied = event.detail.code;
    navigator.clipboard?.writeText(event.detail.code).catch(() => {});
  });
  const accessibility = new AccessibilityPanel({ list: $('a11y-list'), summary: $('a11y-summary') });
  accessibility.addEventListener('hover', (event) => canvas.highlight(event.detail.id));
  const cards = {
    setTrueScale(on) {
      state.trueScale = on;
      if (state.current) showVariants();
    },
  };
  const preferences = wirePreferences({ zoom: $('zoom'), background: $('background'), outlines: $('outlines'), trueScale: $('true-scale'), canvas, variants: cards });

  $('variant-list').addEventListener('click', (event) => {
    const button = event.target.closest('.variant');
    if (button && state.current) navigate(state.current.name, button.hasAttribute('data-defaults') ? null : button.dataset.variant);
  });
  $('download-svg').addEventListener('click', () => {
    if (!state.current || !state.shown?.svg) return;
    downloadSVG(state.variant == null ? state.current.name : `${state.current.name} - ${state.variant}`, state.shown.svg);
  });

  /** Shows a component's defaults (variant null) or one of its declared variants. */
  const select = (name, variant) => {
    const component = state.components.get(name);
    const render = state.data.renders[name];
    if (!component || !render) return;
    const changedComponent = state.current?.name !== name;
    state.current = component;
    state.variant = variant;
    const declared = variant == null ? null : shownEntries(render).find((v) => v.key === variant);
    preferences.setScheme(declared?.environment?.scheme ?? 'light');
    state.shown = declared
      ? { svg: declared.svg, accessibility: declared.accessibility ?? [], values: { ...render.values, ...declared.values } }
      : { svg: render.svg, accessibility: render.accessibility ?? [], values: render.values ?? {} };

    const title = component.title || component.name;
    $('component-title').textContent = declared ? `${title} — ${declared.name}` : title;
    $('component-summary').textContent = component.summary ?? '';
    document.title = `${declared ? `${title} — ${declared.name}` : title} · Starboard static catalog`;
    catalog.setCurrent(name);
    canvas.highlight(null);
    if (typeof state.shown.svg === 'string') canvas.show(state.shown.svg, state.shown.accessibility);
    else canvas.clear('This render is missing from the export.');
    if (changedComponent) {
      inspector.build(component);
      showVariants();
    }
    inspector.update(state.shown.values);
    accessibility.show(state.shown.accessibility);
    markShownCard();
    showDocs();
  };

  const navigate = (name, variant) => {
    const hash = `#${encodeURIComponent(name)}${variant == null ? '' : `/${encodeURIComponent(variant)}`}`;
    if (location.hash === hash) select(name, variant);
    else location.hash = hash; // hashchange shows it
  };

  const showFromHash = () => {
    const raw = location.hash.slice(1);
    if (!raw) return false;
    const slash = raw.indexOf('/');
    let name;
    let variant = null;
    try {
      name = decodeURIComponent(slash < 0 ? raw : raw.slice(0, slash));
      if (slash >= 0) variant = decodeURIComponent(raw.slice(slash + 1));
    } catch {
      return false;
    }
    if (!state.components.has(name)) return false;
    const known = shownEntries(state.data.renders[name] ?? {}).some((v) => v.key === variant);
    select(name, known ? variant : null);
    return true;
  };

  window.addEventListener('hashchange', () => showFromHash());
  // Search opens a component or a variant's render; a property is shown in the (read-only) inspector.
  palette.addEventListener('choose', (event) => {
    const entry = event.detail;
    navigate(entry.component, entry.kind === 'variant' ? entry.variant : (state.current?.name === entry.component ? state.variant : null));
    if (entry.kind !== 'property') return;
    const reveal = () => inspector.focus(entry.property, { reveal: true });
    if (state.current?.name === entry.component) reveal();
    else window.addEventListener('hashchange', reveal, { once: true });
  });
  if (!showFromHash()) {
    if (data.catalog.length) select(data.catalog[0].name, null);
    else $('stage-empty').textContent = 'This export has no components.';
  }
}

/** A static marker where the live page shows its connection. */
function markStatic(data) {
  const exported = typeof data?.exported === 'string' ? data.exported : '';
  const status = $('status');
  status.dataset.state = 'static';
  status.title = exported ? `Written by starboard export at ${exported}; nothing here is live.` : 'Nothing here is live.';
  $('status-text').textContent = exported ? `Static catalog — exported ${exported.slice(0, 10)}` : 'Static catalog';
  $('latency').hidden = true;
}

/** The defaults card and one card per declared variant; a card shows that render above. */
function showVariants() {
  const component = state.current;
  const render = state.data.renders[component.name];
  const cards = [card({
    label: 'Defaults', svg: render.svg, trueScale: state.trueScale,
    attributes: { 'data-defaults': '', 'aria-label': 'Show the defaults', title: 'Every property at its default', 'aria-pressed': 'false' },
  })];
  for (const entry of shownEntries(render)) {
    const inEnvironment = Boolean(entry.environment);
    cards.push(card({
      label: entry.name, svg: entry.svg, trueScale: state.trueScale,
      attributes: {
        'data-variant': entry.key,
        'aria-label': inEnvironment ? `Show the defaults in ${entry.name}` : `Show variant ${entry.name}`,
        title: inEnvironment ? `Every property at its default, in ${entry.name}` : describe(component, entry.values) || entry.name,
        'aria-pressed': 'false',
        'data-scheme': entry.environment?.scheme ?? null,
      },
    }));
  }
  $('variant-list').replaceChildren(...cards);
  markShownCard();
}

/**
 * What a component's cards show after the defaults: its variants (key: the
 * name), then its defaults in each declared environment (key: "@dark", name
 * "Defaults · dark").
 */
function shownEntries(render) {
  const variants = (render.variants ?? []).map((variant) => ({ ...variant, key: variant.name }));
  const environments = (render.environments ?? []).map((entry) => ({
    ...entry, key: `@${entry.name}`, name: `Defaults · ${entry.name}`, values: {}, environment: { scheme: 'light', ...(entry.environment ?? {}) },
  }));
  return [...variants, ...environments];
}

function markShownCard() {
  for (const node of $('variant-list').querySelectorAll('.variant')) {
    const shown = node.hasAttribute('data-defaults') ? state.variant == null : node.dataset.variant === state.variant;
    node.setAttribute('aria-pressed', String(shown));
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
