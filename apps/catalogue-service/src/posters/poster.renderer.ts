import { createHash } from 'node:crypto';

export type PosterInput = { id: string; title: string; genre: string; year: number | null };

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** Greedy word wrap for the title block; long words are cut so nothing overflows the 500 px poster. */
export const wrapTitle = (title: string, maxChars = 16, maxLines = 4): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const raw of title.split(/\s+/).filter(Boolean)) {
    const word = raw.length > maxChars ? `${raw.slice(0, maxChars - 1)}…` : raw;
    if (!line) line = word;
    else if (`${line} ${word}`.length <= maxChars) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, maxChars - 1)}…`;
  return kept;
};

/**
 * A 500×750 SVG poster: colours and shapes derived from a hash of the title and id, so every title
 * looks distinct and the same title always looks the same.
 */
export const renderPoster = ({ id, title, genre, year }: PosterInput): string => {
  const hash = createHash('sha256').update(`${id}:${title}`).digest();
  const hue = Math.round((hash[0] / 255) * 360);
  const hue2 = (hue + 40 + (hash[1] % 120)) % 360;
  const cx = 80 + (hash[2] % 340);
  const cy = 120 + (hash[3] % 300);
  const r = 120 + (hash[4] % 160);
  const lines = wrapTitle(title);
  const fontSize = lines.some((l) => l.length > 12) ? 46 : 56;
  const titleY = 560 - (lines.length - 1) * (fontSize + 6);
  const tspans = lines
    .map((l, i) => `<tspan x="40" y="${titleY + i * (fontSize + 6)}">${escapeXml(l)}</tspan>`)
    .join('');
  const meta = [genre.toUpperCase(), year ? String(year) : null].filter(Boolean).join(' · ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="750" viewBox="0 0 500 750" role="img" aria-label="${escapeXml(title)}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,28%)"/><stop offset="1" stop-color="hsl(${hue2},60%,10%)"/></linearGradient>`,
    `<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></linearGradient></defs>`,
    `<rect width="500" height="750" fill="url(#bg)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${hue2},70%,55%)" opacity="0.35"/>`,
    `<circle cx="${500 - cx / 2}" cy="${cy + 160}" r="${r / 2}" fill="hsl(${hue},80%,65%)" opacity="0.25"/>`,
    `<rect width="500" height="750" fill="url(#fade)"/>`,
    `<text font-family="Helvetica, Arial, sans-serif" font-weight="800" font-size="${fontSize}" fill="#fff">${tspans}</text>`,
    `<text x="40" y="660" font-family="Helvetica, Arial, sans-serif" font-size="22" letter-spacing="3" fill="#fff" opacity="0.85">${escapeXml(meta)}</text>`,
    `<rect x="40" y="690" width="60" height="5" fill="hsl(${hue2},85%,60%)"/>`,
    `</svg>`,
  ].join('');
};
