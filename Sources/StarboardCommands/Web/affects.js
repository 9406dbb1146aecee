// Which inspectable properties affect the selected view, where the page can
// tell: each property is tried at other values (its lowest and its highest,
// the other choices, the other boolean…) with `preview` requests on top of the
// current values, and a property affects a view when one of those renders
// draws differently inside the view's frame. The renders are drawn to pixels
// once per revision and environment; each selection then only compares its
// frame. A property that changes the view only for values not tried is missed,
// which the page says.
//
// The pure parts (`probeValues`, `diffMask`, `changedWithin`) are unit tested
// under Node (Tests/web/affects.test.mjs).

import { lowerBound, normalizeColor, sameValue, upperBound } from './values.js';

const MAX_PROBES_PER_PROPERTY = 3;
const SETTLE_MS = 250;

/** Other valid values of `property` to try, given the current `values` (JSON, as `set` takes them). */
export function probeValues(property, values) {
  const current = values[property.name] ?? property.default;
  const c = property.constraints ?? {};
  let candidates = [];
  switch (property.kind) {
    case 'integer': case 'double': case 'angle': {
      const low = lowerBound(property);
      const high = upperBound(property, values);
      const span = property.kind === 'angle' ? 90 : property.kind === 'integer' ? 1 : 10;
      candidates = [low ?? current - span, high ?? current + span];
      if (property.kind === 'integer') candidates = candidates.map(Math.round);
      break;
    }
    case 'bool': candidates = [!current]; break;
    case 'choice': {
      const others = (c.options ?? []).map((option) => option.value).filter((value) => value !== current);
      candidates = [others[0], others[others.length - 1], others[Math.floor(others.length / 2)]];
      break;
    }
    case 'string': {
      const longer = `${current}Wide`;
      candidates = ['', typeof c.maxLength === 'number' ? longer.slice(0, c.maxLength) : longer];
      break;
    }
    case 'color': candidates = ['#000000', '#FFFFFF', '#FF00FF']; break;
    case 'size': case 'point': {
      const [a, b] = property.kind === 'size' ? ['width', 'height'] : ['x', 'y'];
      const low = lowerBound(property);
      const high = upperBound(property, values);
      candidates = [
        { [a]: low ?? current[a] / 2, [b]: low ?? current[b] / 2 },
        { [a]: high ?? current[a] * 2 + 10, [b]: high ?? current[b] * 2 + 10 },
      ];
      break;
    }
    case 'date': {
      const [year, month, day] = String(current).split('-').map(Number);
      const pad = (n) => String(n).padStart(2, '0');
      candidates = [`${year + 1}-${pad(month)}-${pad(Math.min(day, 28))}`, `${year}-${pad((month % 12) + 1)}-${pad(Math.min(day, 28))}`];
      break;
    }
    default: candidates = [];
  }
  const out = [];
  for (const candidate of candidates) {
    if (candidate === undefined || candidate === null || (typeof candidate === 'number' && !Number.isFinite(candidate))) continue;
    const value = property.kind === 'color' ? normalizeColor(candidate) : candidate;
    if (sameValue(property, value, current) || out.some((other) => sameValue(property, other, value))) continue;
    out.push(value);
    if (out.length === MAX_PROBES_PER_PROPERTY) break;
  }
  return out;
}

/**
 * Per pixel of `base` (an ImageData-like {width, height, data}), 1 where
 * `other` draws differently there (or does not reach it).
 */
export function diffMask(base, other) {
  const mask = new Uint8Array(base.width * base.height);
  for (let y = 0; y < base.height; y += 1) {
    for (let x = 0; x < base.width; x += 1) {
      const at = y * base.width + x;
      if (x >= other.width || y >= other.height) { mask[at] = 1; continue; }
      const i = at * 4;
      const j = (y * other.width + x) * 4;
      const d = base.data;
      const e = other.data;
      if (d[i] !== e[j] || d[i + 1] !== e[j + 1] || d[i + 2] !== e[j + 2] || d[i + 3] !== e[j + 3]) mask[at] = 1;
    }
  }
  return mask;
}

/**
 * Whether `mask` (of a `width` × `height` image, 1 px per point) has a changed
 * pixel inside `frame`, less a pixel on each side where the frame is big
 * enough: a neighbour's anti-aliased edge is not a change of this view.
 */
export function changedWithin(mask, width, height, frame) {
  const inset = frame.width >= 4 && frame.height >= 4 ? 1 : 0;
  const x0 = Math.max(0, Math.floor(frame.x) + inset);
  const y0 = Math.max(0, Math.floor(frame.y) + inset);
  const x1 = Math.min(width, Math.ceil(frame.x + frame.width) - inset);
  const y1 = Math.min(height, Math.ceil(frame.y + frame.height) - inset);
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) if (mask[y * width + x]) return true;
  }
  return false;
}

/** An SVG text drawn to pixels at 1 px per point. */
async function rasterize(svgText) {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const width = Math.max(1, Math.ceil(image.naturalWidth));
    const height = Math.max(1, Math.ceil(image.naturalHeight));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    context.drawImage(image, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * Works out, once per render, which properties change which pixels; then
 * answers for any view's frame. `page`: {connection, environmentField()}.
 */
export class AffectingProperties {
  #page;
  #key = null;       // component, revision and environment the masks are for
  #work = null;      // Promise of {width, height, masks: [{property, mask}]}
  #timer = 0;

  constructor(page) {
    this.#page = page;
  }

  /**
   * The labels of the properties that change what `frame` shows, for the
   * render `{component, revision, svg, values}` on screen.
   */
  async forFrame(render, frame) {
    const key = JSON.stringify([render.component.name, render.revision, this.#page.environmentField()]);
    if (key !== this.#key) {
      this.#key = key;
      // Settles first: a slider drag makes a render per step, and only the last is worth the previews.
      clearTimeout(this.#timer);
      this.#work = new Promise((resolve) => { this.#timer = setTimeout(resolve, SETTLE_MS); })
        .then(() => (key === this.#key ? this.#measure(render) : null));
    }
    const measured = await this.#work;
    if (!measured || key !== this.#key) return null;
    return measured.masks
      .filter(({ mask }) => changedWithin(mask, measured.width, measured.height, frame))
      .map(({ property }) => property.label ?? property.name)
      .filter((label, index, all) => all.indexOf(label) === index);
  }

  async #measure(render) {
    const base = await rasterize(render.svg);
    const component = render.component;
    const probes = component.properties.flatMap((property) => probeValues(property, render.values).map((value) => ({ property, value })));
    const replies = await Promise.all(probes.map(({ property, value }) => this.#page.connection
      .request({ type: 'preview', component: component.name, values: { [property.name]: value }, ...this.#page.environmentField() })
      .then((reply) => reply.svg, () => null)));
    const masks = [];
    for (let index = 0; index < probes.length; index += 1) {
      if (!replies[index]) continue;
      masks.push({ property: probes[index].property, mask: diffMask(base, await rasterize(replies[index])) });
    }
    return { width: base.width, height: base.height, masks };
  }
}
