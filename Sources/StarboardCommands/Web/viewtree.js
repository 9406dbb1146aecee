// The view tree a render carries in its SVG (Sources/StarboardUI/ViewOutline.swift):
// reading it, finding the view under a point, the path from the root to a view
// (the breadcrumb), and the distances between two views' frames (measure).
// Pure: no DOM beyond reading the <metadata data-views> element.
//
// The metadata: `data-types` is the `/`-separated table of type names;
// `data-views` holds one entry per view, `;` between them, in drawing order:
// "BACK [X Y W H] T.T.T" where BACK is how many entries back the parent is (0
// for the root), X and Y are from the parent's origin, the frame is left out
// when it is the parent's, and T are indices into the table, outermost first.

/** Sums of tenths back to tenths: 37.5 + 3.7 is 41.2, not 41.199999999999996. */
function tenth(n) {
  return Math.round(n * 10) / 10;
}

/** Views from the table and entries text: [{index, parent, depth, frame, types}]. */
export function parseOutline(table, text) {
  const names = table ? String(table).split('/') : [];
  const views = [];
  const source = String(text ?? '').trim();
  if (!source) return views;
  for (const raw of source.split(';')) {
    const fields = raw.trim().split(' ');
    const index = views.length;
    const back = Number(fields[0]);
    if (!Number.isInteger(back) || back < 0 || back > index || (fields.length !== 2 && fields.length !== 6)) {
      throw new Error(`view outline entry ${index} is malformed: “${raw}”`);
    }
    const parent = back === 0 ? -1 : index - back;
    let frame;
    if (fields.length === 6) {
      const [x, y, width, height] = fields.slice(1, 5).map(Number);
      const origin = parent < 0 ? { x: 0, y: 0 } : views[parent].frame;
      frame = { x: tenth(origin.x + x), y: tenth(origin.y + y), width, height };
    } else {
      if (parent < 0) throw new Error('the root of a view outline needs a frame');
      frame = { ...views[parent].frame };
    }
    const types = fields[fields.length - 1].split('.').map((n) => names[Number(n)] ?? `#${n}`);
    views.push({ index, parent, depth: parent < 0 ? 0 : views[parent].depth + 1, frame, types });
  }
  return views;
}

/** The views of a parsed SVG element, or [] when it carries no outline (an older server). */
export function outlineOf(svg) {
  const metadata = svg?.querySelector?.('metadata[data-views]');
  if (!metadata) return [];
  try {
    return parseOutline(metadata.getAttribute('data-types'), metadata.getAttribute('data-views'));
  } catch (error) {
    console.warn(`Starboard: ${error.message}`);
    return [];
  }
}

function contains(frame, point, slack = 0) {
  return point.x >= frame.x - slack && point.x <= frame.x + frame.width + slack
    && point.y >= frame.y - slack && point.y <= frame.y + frame.height + slack;
}

/**
 * The view under `point` (in the render's points): the deepest whose frame
 * holds it, the one drawn last among equals (it is on top). Null outside all.
 */
export function viewAt(views, point) {
  let best = null;
  for (const view of views) {
    if (view.frame.width <= 0 && view.frame.height <= 0) continue;
    if (!contains(view.frame, point)) continue;
    if (!best || view.depth >= best.depth) best = view;
  }
  return best;
}

/**
 * Where an arrow key moves the keyboard's place in the view tree from `index`
 * (null: nowhere yet, which starts at the root): ArrowDown to the first child,
 * ArrowUp to the parent, ArrowRight and ArrowLeft to the next and previous
 * sibling. Stays put where there is nowhere to go; null for any other key.
 */
export function step(views, index, key) {
  if (!views.length) return null;
  if (index === null || index === undefined || !views[index]) return ['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'].includes(key) ? 0 : null;
  const view = views[index];
  const siblings = () => views.filter((v) => v.parent === view.parent);
  switch (key) {
    case 'ArrowDown': return views.find((v) => v.parent === index)?.index ?? index;
    case 'ArrowUp': return view.parent >= 0 ? view.parent : index;
    case 'ArrowRight': {
      const all = siblings();
      return all[all.findIndex((v) => v.index === index) + 1]?.index ?? index;
    }
    case 'ArrowLeft': {
      const all = siblings();
      return all[all.findIndex((v) => v.index === index) - 1]?.index ?? index;
    }
    default: return null;
  }
}

/** The views from the root down to `index`, for a breadcrumb. */
export function pathTo(views, index) {
  const path = [];
  for (let at = index; at >= 0 && views[at]; at = views[at].parent) path.unshift(views[at]);
  return path;
}

/** A view's name for a breadcrumb: its outermost type that is not a modifier, else the first. */
export function viewName(view) {
  return view.types.find((type) => !type.startsWith('.')) ?? view.types[0] ?? 'View';
}

/**
 * The smallest accessibility element (from a render's `accessibility`) whose
 * frame holds the view's frame: the element the view is part of, or null.
 */
export function elementFor(elements, frame) {
  let best = null;
  for (const element of elements ?? []) {
    const f = element.frame;
    if (!f) continue;
    const holds = contains(f, { x: frame.x, y: frame.y }, 0.5)
      && contains(f, { x: frame.x + frame.width, y: frame.y + frame.height }, 0.5);
    if (holds && (!best || f.width * f.height <= best.frame.width * best.frame.height)) best = element;
  }
  return best;
}

/**
 * Distances in points from frame `a` (hovered) to frame `b` (selected), as
 * Storybook's measure add-on shows them: lines with their length. Apart on an
 * axis, the gap between the facing edges; overlapping or one inside the other,
 * the distance between each pair of same-side edges that differ.
 */
export function measure(a, b) {
  const lines = [];
  const round = (n) => Math.round(n * 10) / 10;
  const ax2 = a.x + a.width, ay2 = a.y + a.height, bx2 = b.x + b.width, by2 = b.y + b.height;
  const midY = (Math.max(a.y, b.y) + Math.min(ay2, by2)) / 2;
  const midX = (Math.max(a.x, b.x) + Math.min(ax2, bx2)) / 2;
  const y = Math.min(ay2, by2) >= Math.max(a.y, b.y) ? midY : a.y + a.height / 2;
  const x = Math.min(ax2, bx2) >= Math.max(a.x, b.x) ? midX : a.x + a.width / 2;
  const horizontal = (from, to) => { if (Math.abs(to - from) > 0.05) lines.push({ axis: 'x', from: { x: from, y }, to: { x: to, y }, length: round(Math.abs(to - from)) }); };
  const vertical = (from, to) => { if (Math.abs(to - from) > 0.05) lines.push({ axis: 'y', from: { x, y: from }, to: { x, y: to }, length: round(Math.abs(to - from)) }); };
  if (ax2 <= b.x) horizontal(ax2, b.x);
  else if (bx2 <= a.x) horizontal(bx2, a.x);
  else { horizontal(a.x, b.x); horizontal(ax2, bx2); }
  if (ay2 <= b.y) vertical(ay2, b.y);
  else if (by2 <= a.y) vertical(by2, a.y);
  else { vertical(a.y, b.y); vertical(ay2, by2); }
  return lines;
}
