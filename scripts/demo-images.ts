// `node scripts/demo-images.ts`: draws the demo's pictures (decision 178) into server/demo/images/,
// where they are committed; the demo seed stores them through the upload pipeline. Portraits are
// DiceBear's 'Notionists' (Zoish, CC0 1.0) drawn from a fixed seed each; covers and the company's logo
// are drawn here (this project's own, CC0 1.0). Chromium (Debian's, as the browser tests use) turns
// the SVG into PNG and JPEG, so the server needs no image library. Run it again after changing a picture.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createAvatar } from '@dicebear/core';
import { notionists } from '@dicebear/collection';
import { chromium } from '@playwright/test';

const out = path.resolve(import.meta.dirname, '..', 'server', 'demo', 'images');

interface Portrait {
  /** The file's stem: `<name>-photo.png`. */
  name: string;
  /** DiceBear's seed, chosen by looking at a contact sheet of seeds. */
  seed: string;
  background: string;
}
interface Cover {
  name: string;
  from: string;
  to: string;
  sun: string;
  /** Hills from the farthest (lightest) to the nearest. */
  hills: string[];
}

const portraits: Portrait[] = [
  { name: 'olena', seed: 'Olena-4', background: 'fcd9c4' },
  { name: 'andrii', seed: 'Andrii-12', background: 'c5e6d5' },
  { name: 'maksym', seed: 'Maksym-5', background: 'cfd8fb' },
];

const covers: Cover[] = [
  { name: 'olena', from: '#ffd6a5', to: '#f4a6b7', sun: '#fff4d6', hills: ['#e58fa5', '#c46d8e', '#8f4f7a', '#5b3563'] },
  { name: 'andrii', from: '#d7efe0', to: '#8fcfc7', sun: '#fbfde9', hills: ['#5fa8a0', '#3f8a86', '#2c6a6e', '#1d4b55'] },
  { name: 'maksym', from: '#dbe3ff', to: '#a5b4fc', sun: '#ffffff', hills: ['#8b9cf0', '#6d7ddc', '#5160bf', '#3a4594'] },
  { name: 'northwind', from: '#1e3a5f', to: '#4a7fb5', sun: '#ffd58a', hills: ['#2f5d8a', '#244c74', '#1a3a5c', '#122a44'] },
];

const portraitSvg = (p: Portrait) =>
  createAvatar(notionists, {
    seed: p.seed,
    size: 512,
    scale: 125,
    translateY: 6,
    bodyIconProbability: 0,
    gestureProbability: 0,
    backgroundColor: [p.background],
    backgroundType: ['solid'],
  }).toString();

/** Rolling hills under a low sun: a quiet landscape that reads behind a photo and a name. */
function coverSvg(c: Cover): string {
  const w = 1500;
  const h = 500;
  const hills = c.hills
    .map((color, i) => {
      const base = 250 + i * 70;
      const amplitude = 60 + i * 25;
      let d = `M0 ${h} L0 ${base}`;
      for (let x = 0; x <= w; x += 25) {
        const y = base - amplitude * 0.6 * Math.sin((x / w) * Math.PI * (1.4 + i * 0.35) + i * 1.7) - 18 * Math.sin(x / 90 + i);
        d += ` L${x} ${y.toFixed(1)}`;
      }
      return `<path d="${d} L${w} ${h} Z" fill="${color}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.from}"/><stop offset="1" stop-color="${c.to}"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="${c.sun}" stop-opacity="0.95"/><stop offset="0.6" stop-color="${c.sun}" stop-opacity="0.35"/><stop offset="1" stop-color="${c.sun}" stop-opacity="0"/></radialGradient></defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${w * 0.72}" cy="${h * 0.38}" r="220" fill="url(#sun)"/>${hills}</svg>`;
}

/** Northwind Studio's mark: a compass needle pointing north-west over the studio's blue. */
const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b5c8f"/><stop offset="1" stop-color="#16324f"/></linearGradient></defs>
<rect width="512" height="512" fill="url(#bg)"/>
<circle cx="256" cy="256" r="150" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="14"/>
<path d="M256 96 L300 256 L256 236 L212 256 Z" fill="#ffd58a" transform="rotate(-35 256 256)"/>
<path d="M256 416 L212 256 L256 276 L300 256 Z" fill="#ffffff" transform="rotate(-35 256 256)"/>
<circle cx="256" cy="256" r="18" fill="#16324f" stroke="#ffffff" stroke-width="8"/>
</svg>`;

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  await mkdir(out, { recursive: true });
  const page = await browser.newPage();
  async function render(svg: string, width: number, height: number, file: string, type: 'png' | 'jpeg') {
    await page.setViewportSize({ width, height });
    await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
    await page.screenshot({
      path: path.join(out, file),
      type,
      ...(type === 'jpeg' ? { quality: 86 } : {}),
      clip: { x: 0, y: 0, width, height },
    });
    process.stdout.write(`${file}\n`);
  }
  for (const p of portraits) await render(portraitSvg(p), 512, 512, `${p.name}-photo.png`, 'png');
  for (const c of covers) await render(coverSvg(c), 1500, 500, `${c.name}-cover.jpg`, 'jpeg');
  await render(logoSvg, 512, 512, 'northwind-logo.png', 'png');
} finally {
  await browser.close();
}
