// "Download SVG" and "Download PNG". The PNG is drawn through a <canvas> at
// 2× the SVG's size in points. An SVG drawn as an image cannot reach the
// page's @font-face rules, so the faces the server measured with (the rules
// of fonts/faces.css) are embedded into the copy that is rasterised: colour
// emoji, Arabic, Hebrew and CJK runs come out as on the canvas.

import { parseSVG, sizeOf } from './canvas.js';

const fontFaces = new Map();

export function downloadSVG(baseName, svgText) {
  save(`${baseName}.svg`, new Blob([svgText], { type: 'image/svg+xml' }));
}

export async function downloadPNG(baseName, svgText, scale = 2) {
  const canvas = await drawPNG(svgText, scale);
  const blob = await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not encode the PNG.'))), 'image/png'));
  save(`${baseName}@${scale}x.png`, blob);
}

/** The canvas the PNG is encoded from: the SVG at `scale`, its text in the faces it names. */
export async function drawPNG(svgText, scale = 2) {
  const svg = parseSVG(svgText);
  if (!svg) throw new Error('The preview is not valid SVG.');
  const { width, height } = sizeOf(svg);
  if (svg.querySelector('text')) {
    const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
    style.textContent = await embeddedFonts(svg);
    svg.insertBefore(style, svg.firstChild);
  }
  svg.setAttribute('width', String(width * scale));
  svg.setAttribute('height', String(height * scale));
  const markup = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'sync';
    await new Promise((resolve, reject) => {
      image.onload = resolve;
      image.onerror = () => reject(new Error('The browser could not draw the SVG.'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}

// The @font-face rules for the faces `svg` names (fetched once each): a PNG
// of text without emoji or italics does not carry those fonts.
async function embeddedFonts(svg) {
  const named = new Set();
  for (const node of [svg, ...svg.querySelectorAll('text, tspan')]) {
    const family = node.getAttribute('font-family');
    if (!family) continue;
    const weight = node.getAttribute('font-weight') ?? inherited(node, 'font-weight') ?? 'normal';
    const style = node.getAttribute('font-style') ?? inherited(node, 'font-style') ?? 'normal';
    named.add(faceKey(family, weight, style));
  }
  const used = pageFaces().filter((face) => named.has(faceKey(face.family, face.weight, face.style)));
  const rules = await Promise.all(used.map(fontFace));
  return rules.join('\n');
}

function inherited(node, attribute) {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    if (parent.hasAttribute(attribute)) return parent.getAttribute(attribute);
  }
  return null;
}

function faceKey(family, weight, style) {
  const w = { normal: '400', bold: '700' }[weight] ?? String(weight);
  return `${family.replace(/["']/g, '').trim()}|${w}|${style}`;
}

// Every @font-face rule of the page's style sheets, as family, weight, style and URL.
function pageFaces() {
  const faces = [];
  for (const sheet of document.styleSheets) {
    let rules;
    try { rules = sheet.cssRules; } catch { continue; }
    for (const rule of rules) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      const url = /url\(\s*["']?([^"')]+)["']?\s*\)/.exec(rule.style.getPropertyValue('src'))?.[1];
      if (!url) continue;
      faces.push({
        family: rule.style.getPropertyValue('font-family').replace(/["']/g, '').trim(),
        weight: rule.style.getPropertyValue('font-weight') || 'normal',
        style: rule.style.getPropertyValue('font-style') || 'normal',
        url: new URL(url, sheet.href ?? document.baseURI).href,
      });
    }
  }
  return faces;
}

function fontFace(font) {
  if (!fontFaces.has(font.url)) {
    fontFaces.set(font.url, (async () => {
      try {
        const response = await fetch(font.url);
        if (!response.ok) return '';
        const data = base64(new Uint8Array(await response.arrayBuffer()));
        return `@font-face{font-family:"${font.family}";font-weight:${font.weight};font-style:${font.style};src:url(data:font/ttf;base64,${data})}`;
      } catch {
        return '';
      }
    })());
  }
  return fontFaces.get(font.url);
}

function base64(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function save(fileName, blob) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
