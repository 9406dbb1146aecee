// Which inspectable properties affect the selected view, as the render says:
// the worker notes which `@Inspectable` properties each view read while it was
// built (Sources/StarboardUI/PropertyReads.swift) and sends them with the render
// as `reads`, {"ENTRY": ["name", …]} by entry of the view outline the SVG
// carries. Nothing is previewed or compared here.
//
// A view is affected by what it and the views inside it read (`own`); the
// views around it read more (a stack's spacing, how many elements a ForEach
// makes), which can move or resize it without it reading them (`around`).
//
// Pure: unit tested under Node (Tests/web/affects.test.mjs).

/**
 * For view `index` of the outline `views` ([{index, parent}], parents first),
 * the labels of the properties of `properties` (the component's schema, in
 * declaration order) read by it or the views inside it (`own`), and by the
 * views that contain it and not already in `own` (`around`). `reads` is the
 * render's field; absent, nothing was read.
 */
export function affectingProperties(properties, views, reads, index) {
  const readBy = (entry) => {
    const names = reads?.[String(entry)];
    return Array.isArray(names) ? names : [];
  };
  const own = new Set();
  if (views[index]) {
    // Parents come before their children: one pass marks the subtree.
    const inside = new Uint8Array(views.length);
    inside[index] = 1;
    for (let entry = index; entry < views.length; entry += 1) {
      if (entry !== index && !(views[entry].parent >= 0 && inside[views[entry].parent])) continue;
      inside[entry] = 1;
      for (const name of readBy(entry)) own.add(name);
    }
  }
  const around = new Set();
  for (let entry = views[index]?.parent ?? -1; entry >= 0; entry = views[entry]?.parent ?? -1) {
    for (const name of readBy(entry)) if (!own.has(name)) around.add(name);
  }
  const labels = (names) => (properties ?? [])
    .filter((property) => names.has(property.name))
    .map((property) => property.label ?? property.name);
  return { own: labels(own), around: labels(around) };
}
