// Search everything: the pure part. Builds an index of the catalog (components,
// their summaries, variants, and property names, labels and help) and ranks
// entries against a query. No DOM here; Web/palette.js shows the results and
// Tests/web/search.test.mjs pins the ranking.
//
// An entry is {kind: 'component'|'variant'|'property', component, variant?,
// property?, title, detail, fields}; `fields` is [{text, weight}] in the order
// they are matched. A query matches an entry when every one of its words is
// found in one of the entry's fields (case and accents ignored). The score
// favours a field that equals the query, then one that starts with it, then a
// word of it that starts with a query word, and heavier fields over lighter.

const FIELD = { name: 4, title: 4, label: 4, swiftName: 3, component: 2, summary: 1, help: 1 };
const KIND_ORDER = { component: 0, variant: 1, property: 2 };

/** Lower case without accents, so “Café” is found by “cafe”. */
export function fold(text) {
  return String(text ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** `starCount` → `star count`, so the Swift name is found by its words too. */
function splitCamel(name) {
  return String(name).replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}

/** Every searchable thing in `components` (catalog entries), in catalog order. */
export function buildIndex(components) {
  const entries = [];
  for (const component of components ?? []) {
    const title = component.title || component.name;
    const owner = { text: `${component.name} ${title}`, weight: FIELD.component };
    const preview = component.preview;
    entries.push({
      kind: 'component', component: component.name, title,
      detail: preview ? `Preview in ${preview.group}` : component.summary ?? '',
      fields: [
        { text: component.name, weight: FIELD.name },
        { text: title, weight: FIELD.title },
        { text: splitCamel(component.name), weight: FIELD.title },
        { text: component.summary ?? '', weight: FIELD.summary },
        // A preview is found by its file or provider too ("LandmarkRow", "Row_Previews").
        ...(preview ? [{ text: `${preview.group} ${splitCamel(preview.group)} ${preview.file ?? ''}`, weight: FIELD.summary }] : []),
      ],
    });
    // A preview's one property is its tap history: machinery, not something to search for.
    if (preview) continue;
    for (const variant of component.variants ?? []) {
      entries.push({
        kind: 'variant', component: component.name, variant: variant.name, title: variant.name,
        detail: `Variant of ${title}`,
        fields: [{ text: variant.name, weight: FIELD.name }, owner],
      });
    }
    for (const property of component.properties ?? []) {
      const label = property.label || property.name;
      entries.push({
        kind: 'property', component: component.name, property: property.name, title: label,
        detail: `${title} · ${property.name}`,
        fields: [
          { text: label, weight: FIELD.label },
          { text: property.name, weight: FIELD.swiftName },
          { text: splitCamel(property.name), weight: FIELD.swiftName },
          { text: property.help ?? '', weight: FIELD.help },
          owner,
        ],
      });
    }
  }
  // Folded once here, not at every keystroke: with 500 components that is about 20,000 fields.
  for (const entry of entries) entry.folded = entry.fields.map((field) => ({ text: fold(field.text), weight: field.weight }));
  return entries;
}

/** How well one query word matches one field's folded text, 0 when it is not there. */
function wordScore(word, text) {
  const at = text.indexOf(word);
  if (at < 0) return 0;
  if (at === 0) return 3;
  return /[^a-z0-9]/.test(text[at - 1]) ? 2 : 1;
}

/**
 * The entries matching `query`, best first, at most `limit`. An empty query
 * matches nothing (the palette lists components then).
 */
export function search(index, query, limit = 50) {
  const folded = fold(query).trim();
  const words = folded.split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const scored = [];
  index.forEach((entry, order) => {
    const fields = entry.folded ?? entry.fields.map((field) => ({ text: fold(field.text), weight: field.weight }));
    let score = 0;
    for (const word of words) {
      let best = 0;
      for (const field of fields) best = Math.max(best, wordScore(word, field.text) * field.weight);
      if (best === 0) return;
      score += best;
    }
    // The whole query as a field, or at its start, beats words scattered over fields.
    for (const field of fields) {
      if (field.text === folded) score += 20 * field.weight;
      else if (field.text.startsWith(folded)) score += 6 * field.weight;
    }
    scored.push({ entry, score, order });
  });
  scored.sort((a, b) => b.score - a.score || KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] || a.order - b.order);
  return scored.slice(0, limit).map((item) => item.entry);
}
