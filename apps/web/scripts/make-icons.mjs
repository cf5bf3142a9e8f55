// Draws the app's icons for the web app manifest from the favicon's shapes: `node scripts/make-icons.mjs`
// (run by hand when the logo changes; the PNGs are committed). Uses sharp, which the server depends on.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const LETTER =
  '<path d="M9 23V9h7a4.5 4.5 0 0 1 0 9h-3v5z" fill="none" stroke="#fff" stroke-width="3" stroke-linejoin="round"/>';

// "any": the rounded square of the favicon.
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2f5bea"/>${LETTER}</svg>`;
// "maskable": full bleed, the letter inside the central 80 % every mask keeps.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-8 -8 48 48"><rect x="-8" y="-8" width="48" height="48" fill="#2f5bea"/>${LETTER}</svg>`;

for (const [name, svg, size] of [
  ['icon-192.png', rounded, 192],
  ['icon-512.png', rounded, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`${name} ${size}×${size}`);
}
