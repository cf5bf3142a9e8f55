import sharp from 'sharp';

/**
 * Pictures for demo content, drawn here as SVG and rasterised to PNG by sharp, so the demo needs no
 * downloads and its images go through the same upload pipeline as a user's.
 */

const FONT = "'DejaVu Sans', 'Inter', 'Segoe UI', Arial, sans-serif";

const PALETTES: readonly (readonly [string, string])[] = [
  ['#4f46e5', '#06b6d4'],
  ['#0f766e', '#84cc16'],
  ['#9333ea', '#ec4899'],
  ['#ea580c', '#facc15'],
  ['#1e3a8a', '#3b82f6'],
  ['#be123c', '#f97316'],
  ['#065f46', '#10b981'],
  ['#334155', '#64748b'],
  ['#7c2d12', '#d97706'],
  ['#0e7490', '#6366f1'],
];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A rough width for DejaVu Sans, good enough to wrap lines and size badges. */
function textWidth(text: string, fontSize: number, bold = false): number {
  return text.length * fontSize * (bold ? 0.66 : 0.56);
}

function wrap(text: string, fontSize: number, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, fontSize, true) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

function palette(index: number): readonly [string, string] {
  return PALETTES[index % PALETTES.length] as readonly [string, string];
}

export async function renderPng(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** A 1200×675 cover: gradient, the title, the author and a badge per technology. */
export function coverSvg(options: {
  title: string;
  author: string;
  technologies: readonly string[];
  variant: number;
}): string {
  const [from, to] = palette(options.variant);
  const width = 1200;
  const height = 675;
  const fontSize = options.title.length > 40 ? 58 : 68;
  const lines = wrap(options.title, fontSize, width - 160, 3);
  // The title block sits centred between the author line and the badges.
  const lineHeight = fontSize * 1.2;
  const firstBaseline = 330 - (lines.length * lineHeight) / 2 + fontSize * 0.8;
  const title = lines
    .map(
      (line, index) =>
        `<text x="80" y="${Math.round(firstBaseline + index * lineHeight)}" font-family="${FONT}" font-size="${fontSize}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  let x = 80;
  const badges: string[] = [];
  for (const technology of options.technologies) {
    const badgeWidth = Math.round(textWidth(technology, 26) + 44);
    if (x + badgeWidth > width - 80) break;
    badges.push(
      `<rect x="${x}" y="${height - 150}" width="${badgeWidth}" height="52" rx="26" fill="#ffffff" fill-opacity="0.18" stroke="#ffffff" stroke-opacity="0.35"/>` +
        `<text x="${x + 22}" y="${height - 115}" font-family="${FONT}" font-size="26" fill="#ffffff">${escapeXml(technology)}</text>`,
    );
    x += badgeWidth + 16;
  }
  const shapes = [0, 1, 2]
    .map((i) => {
      const cx = 900 + ((options.variant * 137 + i * 211) % 300);
      const cy = 80 + ((options.variant * 89 + i * 173) % 260);
      const r = 90 + ((options.variant * 53 + i * 97) % 140);
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="${0.05 + i * 0.03}"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>${shapes}
<text x="80" y="110" font-family="${FONT}" font-size="28" fill="#ffffff" fill-opacity="0.8">@${escapeXml(options.author)}</text>
${title}${badges.join('')}
</svg>`;
}

/** A 1200×750 "screenshot": a browser window with a made-up page in the project's colours. */
export function screenshotSvg(options: { title: string; url: string; variant: number }): string {
  const [from, to] = palette(options.variant);
  const cards = [0, 1, 2]
    .map((i) => {
      const x = 90 + i * 350;
      return `<rect x="${x}" y="430" width="320" height="220" rx="16" fill="#ffffff" stroke="#e2e8f0"/>
<rect x="${x + 24}" y="454" width="272" height="110" rx="10" fill="${i === 1 ? to : from}" fill-opacity="0.25"/>
<rect x="${x + 24}" y="584" width="190" height="16" rx="8" fill="#cbd5e1"/>
<rect x="${x + 24}" y="612" width="120" height="14" rx="7" fill="#e2e8f0"/>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750" viewBox="0 0 1200 750">
<defs><linearGradient id="h" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="1200" height="750" fill="#f1f5f9"/>
<rect x="40" y="30" width="1120" height="690" rx="18" fill="#ffffff" stroke="#cbd5e1"/>
<rect x="40" y="30" width="1120" height="56" rx="18" fill="#e2e8f0"/>
<circle cx="76" cy="58" r="8" fill="#ef4444"/><circle cx="102" cy="58" r="8" fill="#f59e0b"/><circle cx="128" cy="58" r="8" fill="#22c55e"/>
<rect x="170" y="42" width="700" height="32" rx="16" fill="#ffffff"/>
<text x="190" y="65" font-family="${FONT}" font-size="18" fill="#475569">${escapeXml(options.url.slice(0, 64))}</text>
<rect x="40" y="86" width="1120" height="300" fill="url(#h)"/>
<text x="90" y="220" font-family="${FONT}" font-size="52" font-weight="700" fill="#ffffff">${escapeXml(wrap(options.title, 52, 1000, 1)[0] ?? '')}</text>
<rect x="90" y="260" width="420" height="22" rx="11" fill="#ffffff" fill-opacity="0.6"/>
<rect x="90" y="300" width="180" height="48" rx="24" fill="#ffffff"/>
${cards}
</svg>`;
}

/** A 512×512 avatar: the initials on a gradient. */
export function avatarSvg(options: { firstname: string; lastname: string; variant: number }): string {
  const [from, to] = palette(options.variant);
  const initials = `${options.firstname.charAt(0)}${options.lastname.charAt(0)}`.toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
<defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="512" height="512" fill="url(#a)"/>
<text x="256" y="256" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="200" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}
