// "Download SVG" and "Download PNG". The PNG is drawn through a <canvas> at
// 2× the SVG's size in points. An SVG drawn as an image cannot reach the
// page's @font-face rules, so the DejaVu fonts the server measured with are
// embedded into the copy that is rasterised.

import { parseSVG, sizeOf } from './canvas.js';

const FONTS = [
  { url: '/fonts/DejaVuSans.ttf', weight: 'normal' },
  { url: '/fonts/DejaVuSans-Bold.ttf', weight: 'bold' },
  { url: '/fonts/DejaVuSans-ExtraLight.ttf', weight: '200' },
  { url: '/fonts/DejaVuSans-Oblique.ttf', weight: 'normal', style: 'italic' },
  { url: '/fonts/DejaVuSans-BoldOblique.ttf', weight: 'bold', style: 'italic' },
  { url: '/fonts/DejaVuSerif.ttf', family: 'DejaVu Serif' },
  { url: '/fonts/DejaVuSerif-Bold.ttf', family: 'DejaVu Serif', weight: 'bold' },
  { url: '/fonts/DejaVuSerif-Italic.ttf', family: 'DejaVu Serif', style: 'italic' },
  { url: '/fonts/DejaVuSerif-BoldItalic.ttf', family: 'DejaVu Serif', weight: 'bold', style: 'italic' },
  { url: '/fonts/DejaVuSansMono.ttf', family: 'DejaVu Sans Mono' },
  { url: '/fonts/DejaVuSansMono-Bold.ttf', family: 'DejaVu Sans Mono', weight: 'bold' },
  { url: '/fonts/DejaVuSansMono-Oblique.ttf', family: 'DejaVu Sans Mono', style: 'italic' },
  { url: '/fonts/DejaVuSansMono-BoldOblique.ttf', family: 'DejaVu Sans Mono', weight: 'bold', style: 'italic' },
  { url: '/fonts/NotoColorEmoji.ttf', family: 'Noto Color Emoji' },
];
const fontFaces = new Map();

export function downloadSVG(baseName, svgText) {
  save(`${baseName}.svg`, new Blob([svgText], { type: 'image/svg+xml' }));
}

export async function downloadPNG(baseName, svgText, scale = 2) {
  const svg = parseSVG(svgText);
  if (!svg) throw new Error('The preview is not valid SVG.');
  const { width, height } = sizeOf(svg);
  if (svg.querySelector('text')) {
    const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
    style.textContent = await embeddedFonts(svgText);
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
    const blob = await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Could not encode the PNG.'))), 'image/png'));
    save(`${baseName}@${scale}x.png`, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}

// The @font-face rules for the faces `svgText` uses (fetched once each): a PNG of text without
// emoji or italics does not carry those fonts.
async function embeddedFonts(svgText) {
  const used = FONTS.filter(({ weight = 'normal', style = 'normal', family = 'DejaVu Sans' }) =>
    svgText.includes(family)
    && (weight === 'normal' || svgText.includes(`font-weight="${weight}"`))
    && (style === 'normal' || svgText.includes(`font-style="${style}"`)));
  const rules = await Promise.all(used.map(fontFace));
  return rules.join('\n');
}

function fontFace(font) {
  if (!fontFaces.has(font.url)) {
    fontFaces.set(font.url, (async () => {
      try {
        const response = await fetch(font.url);
        if (!response.ok) return '';
        const data = base64(new Uint8Array(await response.arrayBuffer()));
        const { weight = 'normal', style = 'normal', family = 'DejaVu Sans' } = font;
        return `@font-face{font-family:"${family}";font-weight:${weight};font-style:${style};src:url(data:font/ttf;base64,${data}) format("truetype")}`;
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
