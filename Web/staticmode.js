// Static mode: the read-only inspector of a folder written by `starboard export`.
//
// A classic script, not a module, on purpose: Chromium refuses module scripts and
// fetch() from file:// (a file has an opaque origin, and both are CORS requests),
// and an export must open from disk as well as from any static web server. So the
// data comes from data.js, a classic script that sets window.STARBOARD_EXPORT
// ({format, exported, catalog, renders}; see `starboard help export`), and this
// script fills the live page's own markup (index.html, style.css) with it: the
// sidebar, the preview, the variants, the property values and the accessibility
// list. Nothing is sent anywhere and nothing can be edited; zoom, background,
// frames and "SVG" work as on the live page. The live page (main.js) never loads
// this file. No eval, no inline code: it runs under the live server's CSP too.
//
// Deep links: #Component or #Component/Variant%20name.

(function staticMode() {
  'use strict';

  const SVG_NS = 'http://www.w3.org/2000/svg';
  const STAGE_PADDING = 48;
  const THUMB_WIDTH = 180;
  const THUMB_HEIGHT = 76;
  const PREFERENCES_KEY = 'starboard.canvas';

  const $ = (id) => document.getElementById(id);

  const state = {
    data: null,
    components: new Map(),   // name → catalog entry
    current: null,           // catalog entry on screen
    variant: null,           // variant name on screen, or null for the defaults
    shown: null,             // {svg, size, accessibility, values} on screen
    highlight: null,
    preferences: { zoom: 'fit', background: 'light', outlines: false },
  };

  function element(tag, attributes = {}, children = []) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value === null || value === undefined || value === false) continue;
      if (name === 'class') node.className = value;
      else if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value === true ? '' : String(value));
    }
    for (const child of children) if (child) node.append(child);
    return node;
  }

  function start() {
    document.documentElement.dataset.mode = 'static';
    const data = window.STARBOARD_EXPORT;
    markStatic(data);
    hideLiveOnlyControls();
    if (!data || !Array.isArray(data.catalog) || typeof data.renders !== 'object') {
      const empty = $('stage-empty');
      if (empty) empty.textContent = 'No catalog data: data.js is missing or was not written by `starboard export`.';
      return;
    }
    state.data = data;
    state.components = new Map(data.catalog.map((component) => [component.name, component]));
    loadPreferences();
    wireToolbar();
    wireSidebar();
    wireVariants();
    wireAccessibility();
    buildSidebar();
    window.addEventListener('hashchange', () => showFromHash());
    if (!showFromHash()) {
      if (data.catalog.length) select(data.catalog[0].name, null);
      else $('stage-empty').textContent = 'This export has no components.';
    }
  }

  // Top bar: a static marker where the live page shows its connection.

  function markStatic(data) {
    const status = $('status');
    const text = $('status-text');
    const exported = typeof data?.exported === 'string' ? data.exported : '';
    if (status) {
      status.dataset.state = 'static';
      status.title = exported ? `Written by starboard export at ${exported}; nothing here is live.` : 'Nothing here is live.';
    }
    if (text) text.textContent = exported ? `Static catalog — exported ${exported.slice(0, 10)}` : 'Static catalog';
    const latency = $('latency');
    if (latency) latency.hidden = true;
  }

  /** Controls that need the server: changing values, previews, Swift code, PNG. */
  function hideLiveOnlyControls() {
    for (const id of ['vary', 'vary-list', 'reset-all', 'copy-swift', 'download-png', 'notes', 'toast']) {
      const node = $(id);
      if (node) node.hidden = true;
    }
  }

  // Sidebar

  function buildSidebar() {
    const list = $('component-list');
    list.replaceChildren(...state.data.catalog.map((component) => element('li', {}, [
      element('button', { type: 'button', class: 'component', 'data-component': component.name }, [
        element('span', { class: 'component-title', text: component.title || component.name }),
        component.summary ? element('span', { class: 'component-summary', text: component.summary }) : null,
      ]),
    ])));
  }

  function wireSidebar() {
    const list = $('component-list');
    const filter = $('filter');
    list.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-component]');
      if (button) navigate(button.dataset.component, null);
    });
    list.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const buttons = [...list.querySelectorAll('button[data-component]')].filter((b) => !b.closest('li').hidden);
      const index = buttons.indexOf(document.activeElement);
      if (index < 0) return;
      event.preventDefault();
      buttons[(index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length].focus();
    });
    filter.addEventListener('input', () => applyFilter());
    filter.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        const first = [...list.querySelectorAll('button[data-component]')].find((b) => !b.closest('li').hidden);
        if (first) navigate(first.dataset.component, null);
      } else if (event.key === 'Escape') {
        filter.value = '';
        applyFilter();
      }
    });
    document.addEventListener('keydown', (event) => {
      if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
      if (event.target.closest?.('input, textarea, select, [contenteditable]')) return;
      event.preventDefault();
      filter.focus();
    });
  }

  function applyFilter() {
    const words = $('filter').value.trim().toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const item of $('component-list').children) {
      const component = state.components.get(item.querySelector('button').dataset.component);
      const haystack = `${component.name} ${component.title ?? ''} ${component.summary ?? ''}`.toLowerCase();
      item.hidden = !words.every((word) => haystack.includes(word));
      if (!item.hidden) shown += 1;
    }
    $('component-empty').hidden = shown > 0;
  }

  // Navigation: the hash names what is shown, so links and Back work.

  function navigate(name, variant) {
    const hash = `#${encodeURIComponent(name)}${variant == null ? '' : `/${encodeURIComponent(variant)}`}`;
    if (location.hash === hash) select(name, variant);
    else location.hash = hash; // hashchange shows it
  }

  function showFromHash() {
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
    const known = state.components.get(name).variants?.some((v) => v.name === variant);
    select(name, known ? variant : null);
    return true;
  }

  /** Shows a component's defaults (variant null) or one of its declared variants. */
  function select(name, variant) {
    const component = state.components.get(name);
    const render = state.data.renders[name];
    if (!component || !render) return;
    const changedComponent = state.current?.name !== name;
    state.current = component;
    state.variant = variant;
    const declared = variant == null ? null : (render.variants ?? []).find((v) => v.name === variant);
    state.shown = declared
      ? { svg: declared.svg, size: declared.size, accessibility: declared.accessibility ?? [], values: { ...render.values, ...declared.values } }
      : { svg: render.svg, size: render.size, accessibility: render.accessibility ?? [], values: render.values ?? {} };

    const title = component.title || component.name;
    $('component-title').textContent = declared ? `${title} — ${declared.name}` : title;
    $('component-summary').textContent = component.summary ?? '';
    document.title = `${declared ? `${title} — ${declared.name}` : title} · Starboard static catalog`;
    for (const button of $('component-list').querySelectorAll('button[data-component]')) {
      if (button.dataset.component === name) button.setAttribute('aria-current', 'page');
      else button.removeAttribute('aria-current');
    }
    state.highlight = null;
    showPreview(state.shown);
    showValues(component, state.shown.values);
    showAccessibility(state.shown.accessibility);
    if (changedComponent) showVariants(component, render);
    for (const card of $('variant-list').querySelectorAll('.variant')) {
      const isShown = card.hasAttribute('data-defaults') ? variant == null : card.dataset.variant === variant;
      card.setAttribute('aria-pressed', String(isShown));
      // style.css has no pressed look for cards (live cards apply, they do not stay chosen).
      card.style.borderColor = isShown ? 'var(--accent)' : '';
      card.style.boxShadow = isShown ? '0 0 0 1px var(--accent)' : '';
    }
  }

  // Canvas

  function parseSVG(text) {
    if (typeof text !== 'string') return null;
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    if (!root || root.localName !== 'svg' || doc.querySelector('parsererror')) return null;
    return document.importNode(root, true);
  }

  function sizeOf(svg, given) {
    if (given && given.width > 0 && given.height > 0) return { width: given.width, height: given.height };
    const width = parseFloat(svg.getAttribute('width'));
    const height = parseFloat(svg.getAttribute('height'));
    return width > 0 && height > 0 ? { width, height } : { width: 100, height: 100 };
  }

  /** Nothing in a static page can be tapped: drop the tap targets, keep the accessibility. */
  function inert(svg) {
    for (const node of svg.querySelectorAll('[data-tap]')) node.removeAttribute('data-tap');
    for (const node of svg.querySelectorAll('[tabindex]')) node.removeAttribute('tabindex');
    svg.setAttribute('focusable', 'false');
    return svg;
  }

  function showPreview(shown) {
    const svg = parseSVG(shown.svg);
    const frame = $('preview-frame');
    const empty = $('stage-empty');
    if (!svg) {
      $('preview').replaceChildren();
      frame.hidden = true;
      empty.hidden = false;
      empty.textContent = 'This render is missing from the export.';
      $('canvas-size').textContent = '';
      return;
    }
    const size = sizeOf(svg, shown.size);
    shown.size = size;
    $('preview').replaceChildren(inert(svg));
    $('overlay').setAttribute('viewBox', svg.getAttribute('viewBox') ?? `0 0 ${size.width} ${size.height}`);
    frame.hidden = false;
    empty.hidden = true;
    $('canvas-size').textContent = `${fmt(size.width)} × ${fmt(size.height)} pt`;
    layout();
    drawOverlay();
  }

  function scale() {
    const size = state.shown?.size;
    if (!size) return 1;
    const zoom = state.preferences.zoom;
    if (zoom !== 'fit') return Number(zoom) || 1;
    const stage = $('stage');
    const width = Math.max(stage.clientWidth - STAGE_PADDING * 2, 40);
    const height = Math.max(stage.clientHeight - STAGE_PADDING * 2, 40);
    return Math.max(0.1, Math.min(width / size.width, height / size.height, 4));
  }

  function layout() {
    const svg = $('preview').firstElementChild;
    const size = state.shown?.size;
    if (!svg || !size) return;
    const factor = scale();
    for (const node of [svg, $('overlay')]) {
      node.style.width = `${size.width * factor}px`;
      node.style.height = `${size.height * factor}px`;
    }
    $('stage').dataset.scale = String(Math.round(factor * 100) / 100);
  }

  function drawOverlay() {
    const rects = [];
    for (const item of state.shown?.accessibility ?? []) {
      const f = item.frame;
      const highlighted = item.id === state.highlight;
      if (!f || (!state.preferences.outlines && !highlighted)) continue;
      const rect = document.createElementNS(SVG_NS, 'rect');
      for (const [key, value] of [['x', f.x], ['y', f.y], ['width', f.width], ['height', f.height], ['data-frame', item.id]]) {
        rect.setAttribute(key, value);
      }
      const classes = ['frame'];
      if (item.tappable) classes.push('tappable');
      if (warningsFor(item).length) classes.push('warning');
      if (highlighted) classes.push('highlight');
      rect.setAttribute('class', classes.join(' '));
      rects.push(rect);
    }
    rects.sort((a, b) => a.classList.contains('highlight') - b.classList.contains('highlight'));
    $('overlay').replaceChildren(...rects);
  }

  function loadPreferences() {
    try {
      Object.assign(state.preferences, JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? '{}'));
    } catch { /* file:// in some browsers, private mode */ }
  }

  function savePreferences() {
    try { localStorage.setItem(PREFERENCES_KEY, JSON.stringify(state.preferences)); } catch { /* as above */ }
  }

  function applyPreferences() {
    const { zoom, background, outlines } = state.preferences;
    for (const button of $('zoom').querySelectorAll('[data-zoom]')) button.setAttribute('aria-pressed', String(button.dataset.zoom === zoom));
    for (const button of $('background').querySelectorAll('[data-background]')) {
      button.setAttribute('aria-pressed', String(button.dataset.background === background));
    }
    $('outlines').checked = Boolean(outlines);
    $('stage').dataset.background = background;
    layout();
    drawOverlay();
  }

  function wireToolbar() {
    $('zoom').addEventListener('click', (event) => {
      const button = event.target.closest('[data-zoom]');
      if (!button) return;
      state.preferences.zoom = button.dataset.zoom;
      applyPreferences();
      savePreferences();
    });
    $('background').addEventListener('click', (event) => {
      const button = event.target.closest('[data-background]');
      if (!button) return;
      state.preferences.background = button.dataset.background;
      applyPreferences();
      savePreferences();
    });
    $('outlines').addEventListener('change', (event) => {
      state.preferences.outlines = event.target.checked;
      applyPreferences();
      savePreferences();
    });
    $('download-svg').addEventListener('click', () => {
      if (!state.current || !state.shown?.svg) return;
      const name = state.variant == null ? state.current.name : `${state.current.name} - ${state.variant}`;
      const url = URL.createObjectURL(new Blob([state.shown.svg], { type: 'image/svg+xml' }));
      const link = element('a', { href: url, download: `${name}.svg` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    });
    new ResizeObserver(() => layout()).observe($('stage'));
    applyPreferences();
  }

  // Variants: the defaults and each declared variant; a card shows that render above.

  function showVariants(component, render) {
    const cards = [card({
      label: 'Defaults', svg: render.svg, size: render.size,
      attributes: { 'data-defaults': '', 'aria-label': 'Show the defaults', title: 'Every property at its default' },
    })];
    for (const variant of render.variants ?? []) {
      cards.push(card({
        label: variant.name, svg: variant.svg, size: variant.size,
        attributes: { 'data-variant': variant.name, 'aria-label': `Show variant ${variant.name}`, title: describe(component, variant.values) || variant.name },
      }));
    }
    $('variant-list').replaceChildren(...cards);
  }

  function card({ label, svg, size, attributes }) {
    const thumb = element('span', { class: 'variant-thumb', 'aria-hidden': 'true' });
    const parsed = parseSVG(svg);
    if (parsed) {
      const { width, height } = sizeOf(parsed, size);
      const factor = Math.min(THUMB_WIDTH / width, THUMB_HEIGHT / height, 2);
      parsed.style.width = `${width * factor}px`;
      parsed.style.height = `${height * factor}px`;
      thumb.append(inert(parsed));
    } else {
      thumb.append(element('span', { class: 'variant-missing', text: 'Not rendered' }));
    }
    return element('button', { type: 'button', class: 'variant', 'aria-pressed': 'false', ...attributes }, [
      thumb,
      element('span', { class: 'variant-label', text: label }),
    ]);
  }

  function wireVariants() {
    $('variant-list').addEventListener('click', (event) => {
      const button = event.target.closest('.variant');
      if (!button || !state.current) return;
      navigate(state.current.name, button.hasAttribute('data-defaults') ? null : button.dataset.variant);
    });
  }

  function describe(component, values) {
    return Object.entries(values ?? {}).map(([name, value]) => {
      const property = component.properties.find((p) => p.name === name);
      return property ? `${property.label ?? name}: ${formatValue(property, value)}` : `${name}: ${JSON.stringify(value)}`;
    }).join(', ');
  }

  // Attributes, read-only: the values of what is shown, with the live page's row markup.

  function showValues(component, values) {
    const form = $('inspector');
    form.setAttribute('aria-readonly', 'true');
    form.replaceChildren(...component.properties.map((property) => {
      const id = `prop-${property.name}`;
      const value = property.name in values ? values[property.name] : property.default;
      const atDefault = JSON.stringify(value) === JSON.stringify(property.default);
      const helpId = property.help ? `${id}-help` : null;
      return element('div', {
        class: 'prop', 'data-property': property.name, 'data-kind': property.kind, 'data-default': String(atDefault),
      }, [
        element('div', { class: 'prop-head' }, [
          element('label', { class: 'prop-label', for: id, text: property.label ?? property.name }),
          element('span', { class: 'default-marker', text: 'default' }),
        ]),
        readOnlyEditor(property, value, id, helpId),
        helpId ? element('p', { id: helpId, class: 'help', text: property.help }) : null,
      ]);
    }));
  }

  function readOnlyEditor(property, value, id, helpId) {
    const described = helpId ? { 'aria-describedby': helpId } : {};
    if (property.kind === 'bool') {
      return element('div', { class: 'editor bool' }, [
        element('input', { id, type: 'checkbox', role: 'switch', class: 'switch', checked: Boolean(value), disabled: true, ...described }),
        element('span', { class: 'switch-state', 'aria-hidden': 'true', text: value ? 'On' : 'Off' }),
      ]);
    }
    const text = element('input', {
      id, type: 'text', class: property.kind === 'color' ? 'field hex' : 'field text', readonly: true,
      'aria-readonly': 'true', value: formatValue(property, value), spellcheck: 'false', ...described,
    });
    if (property.kind === 'color' && typeof value === 'string') {
      return element('div', { class: 'editor color' }, [
        element('input', {
          id: `${id}-picker`, type: 'color', class: 'color-well', disabled: true,
          value: value.slice(0, 7).toLowerCase(), 'aria-label': `${property.label ?? property.name} color`,
        }),
        text,
      ]);
    }
    return element('div', { class: `editor ${property.kind}` }, [text]);
  }

  function formatValue(property, value) {
    if (value === null || value === undefined) return '';
    switch (property.kind) {
      case 'angle': return `${fmt(value)}°`;
      case 'size': return `${fmt(value.width)} × ${fmt(value.height)}`;
      case 'point': return `${fmt(value.x)}, ${fmt(value.y)}`;
      case 'color': return String(value).toUpperCase();
      case 'choice': return property.constraints?.options?.find((o) => o.value === value)?.label ?? String(value);
      case 'bool': return value ? 'On' : 'Off';
      case 'integer': case 'double': return fmt(value);
      default: return String(value);
    }
  }

  // Accessibility: the same rows and warnings as the live panel.

  function warningsFor(item) {
    const warnings = [];
    const f = item.frame;
    if (item.tappable && f && (f.width < 44 || f.height < 44)) {
      warnings.push(`Tap target is ${fmt(f.width)}×${fmt(f.height)} pt; make it at least 44×44.`);
    }
    if (!item.label || !String(item.label).trim()) warnings.push(item.tappable ? 'Tappable but has no label.' : 'Has no label.');
    return warnings;
  }

  function showAccessibility(items) {
    let warningCount = 0;
    const rows = items.map((item) => {
      const warnings = warningsFor(item);
      warningCount += warnings.length;
      const f = item.frame;
      const pairs = [['Value', item.value], ['Hint', item.hint], ['Frame', f ? `${fmt(f.width)}×${fmt(f.height)} at ${fmt(f.x)}, ${fmt(f.y)}` : null]]
        .filter(([, value]) => value != null && value !== '')
        .flatMap(([term, value]) => [element('dt', { text: term }), element('dd', { text: String(value) })]);
      return element('li', {
        class: `a11y-row${warnings.length ? ' has-warning' : ''}`, 'data-element': item.id, tabindex: '0',
        'aria-label': `${item.label || 'Unlabelled'}${item.tappable ? ', tappable' : ''}${warnings.length ? `, ${warnings.length} warning${warnings.length > 1 ? 's' : ''}` : ''}`,
      }, [
        element('div', { class: 'a11y-head' }, [
          element('span', { class: `a11y-label${item.label ? '' : ' missing'}`, text: item.label || 'No label' }),
          item.tappable ? element('span', { class: 'badge', text: 'Tappable' }) : null,
          element('code', { class: 'a11y-id', text: item.id }),
        ]),
        element('dl', { class: 'a11y-details' }, pairs),
        ...warnings.map((text) => element('p', { class: 'a11y-warning', text })),
      ]);
    });
    const list = $('a11y-list');
    list.replaceChildren(...rows);
    if (!items.length) list.append(element('li', { class: 'empty-note', text: 'No accessibility elements.' }));
    const count = `${items.length} element${items.length === 1 ? '' : 's'}`;
    const summary = $('a11y-summary');
    summary.textContent = warningCount ? `${count} · ${warningCount} warning${warningCount === 1 ? '' : 's'}` : count;
    summary.classList.toggle('warn', warningCount > 0);
  }

  function wireAccessibility() {
    const list = $('a11y-list');
    const hover = (id) => { state.highlight = id; drawOverlay(); };
    list.addEventListener('pointerover', (event) => hover(event.target.closest('[data-element]')?.dataset.element ?? null));
    list.addEventListener('pointerleave', () => hover(null));
    list.addEventListener('focusin', (event) => hover(event.target.closest('[data-element]')?.dataset.element ?? null));
    list.addEventListener('focusout', () => hover(null));
  }

  function fmt(number) {
    if (typeof number !== 'number') return String(number);
    return Number.isInteger(number) ? String(number) : number.toFixed(2).replace(/\.?0+$/, '');
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
}());
