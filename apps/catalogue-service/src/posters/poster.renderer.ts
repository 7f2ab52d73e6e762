import { createHash } from 'node:crypto';
import type { Palette, PosterEra, PosterFamily, TypeFace } from './poster-styles';
import { CLASSIC_TYPE, eraOf, familyOf, PALETTES, TYPE } from './poster-styles';

export type PosterInput = {
  id: string;
  title: string;
  genre: string;
  /** Every genre of the title; the main `genre` alone when absent. */
  genres?: readonly string[];
  year: number | null;
};

const W = 500;
const H = 750;
const MARGIN = 40;
/** The title is never set smaller than this (a 150 px wide card shows it at about 13 px). */
export const MIN_TITLE_SIZE = 44;
export const YEAR_SIZE = 36;

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

/** A small seeded generator (mulberry32), so stars and rays fall the same way for the same title. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const round = (value: number) => Math.round(value * 10) / 10;

type Fitted = { lines: string[]; size: number };

/**
 * The largest size at which the title fits the block: every wrap width is tried, and the one that lets the type grow
 * most wins ("Heat" fills the width; a long title takes three or four lines at the floor size).
 */
export const fitTitle = (title: string, type: TypeFace, maxSize: number, blockHeight: number): Fitted => {
  const text = type.upper ? title.toUpperCase() : title;
  const width = W - 2 * MARGIN;
  let best: Fitted = { lines: wrapTitle(text, 16), size: MIN_TITLE_SIZE };
  let bestScore = 0;
  for (const maxChars of [28, 22, 18, 15, 12, 10, 8]) {
    const lines = wrapTitle(text, maxChars);
    const longest = Math.max(...lines.map((line) => line.length));
    const byWidth = width / (longest * (type.width + type.tracking));
    const byHeight = blockHeight / (lines.length * 1.08);
    const size = Math.min(maxSize, byWidth, byHeight);
    // A wrap that cuts a word or drops the title's end loses to any that keeps every word whole.
    const whole = lines.join(' ') === text.split(/\s+/).filter(Boolean).join(' ');
    const score = size + (whole ? 1000 : 0);
    if (score > bestScore) {
      bestScore = score;
      best = { lines, size: Math.max(MIN_TITLE_SIZE, Math.floor(size)) };
    }
  }
  return best;
};

type Layout = { family: PosterFamily; era: PosterEra; palette: Palette; top: boolean; rand: () => number };

// ── Motifs: one drawing per family, placed away from the title block (`top` says where the title is) ──────────────

const noir = ({ palette: p, top, rand }: Layout, initial: string, horror: boolean) => {
  const tilt = 8 + Math.floor(rand() * 14);
  const blinds = Array.from(
    { length: 7 },
    (_, i) => `<rect x="-100" y="${60 + i * 62}" width="720" height="26" fill="${p.accent}" opacity="0.13"/>`,
  ).join('');
  const x = 110 + Math.floor(rand() * 280);
  const ground = top ? 700 : 520;
  const kind = horror ? 3 : Math.floor(rand() * 3);
  let subject: string;
  if (kind === 0) {
    // A figure in a hat, and its long shadow.
    subject =
      `<path d="M${x - 70} ${ground} L${x + 70} ${ground} L${W + 200} ${ground + 260} L${x - 200} ${ground + 260} Z" fill="#000" opacity="0.5"/>` +
      `<g fill="#000" opacity="0.85"><ellipse cx="${x}" cy="${ground - 190}" rx="26" ry="32"/>` +
      `<path d="M${x - 70} ${ground} L${x - 40} ${ground - 160} L${x + 40} ${ground - 160} L${x + 70} ${ground} Z"/>` +
      `<rect x="${x - 60}" y="${ground - 232}" width="120" height="14" rx="4"/></g>`;
  } else if (kind === 1) {
    // A lit window in the dark, its frame crossing the light.
    const wy = ground - 330;
    subject =
      `<rect x="${x - 90}" y="${wy}" width="180" height="250" fill="${p.accent}" opacity="0.75"/>` +
      `<g fill="${p.bg}"><rect x="${x - 6}" y="${wy}" width="12" height="250"/><rect x="${x - 90}" y="${wy + 119}" width="180" height="12"/></g>` +
      `<path d="M${x - 150} ${ground} L${x - 30} ${wy + 200} L${x + 20} ${wy + 260} L${x - 40} ${ground} Z" fill="#000" opacity="0.9"/>`;
  } else if (kind === 2) {
    // The title's initial, lit from the side, throwing its shadow.
    const letter = escapeXml(initial);
    const font = `font-family="${TYPE.noir.family}" font-weight="700" font-size="440" text-anchor="middle"`;
    subject =
      `<text x="${W / 2 + 26}" y="${ground - 14}" ${font} fill="#000" opacity="0.7">${letter}</text>` +
      `<text x="${W / 2}" y="${ground - 40}" ${font} fill="${p.accent}" opacity="0.85">${letter}</text>`;
  } else {
    // A moon with a bite out of it, and bare branches.
    const my = ground - 250;
    subject =
      `<defs><mask id="bite"><rect width="${W}" height="${H}" fill="#fff"/><circle cx="${x + 50}" cy="${my - 30}" r="95" fill="#000"/></mask></defs>` +
      `<circle cx="${x}" cy="${my}" r="120" fill="${p.accent}" mask="url(#bite)"/>` +
      `<path d="M0 ${ground} Q${W / 3} ${ground - 60} ${W} ${ground - 20} L${W} ${H} L0 ${H} Z" fill="#000"/>` +
      `<path d="M${x - 160} ${ground - 20} L${x - 120} ${my + 20} M${x - 128} ${my + 90} L${x - 60} ${my + 40} M${x - 136} ${my + 140} L${x - 200} ${my + 70}" stroke="#000" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  }
  return (
    `<defs><radialGradient id="light" cx="${top ? 0.85 : 0.15}" cy="${top ? 0.9 : 0.1}" r="0.9">` +
    `<stop offset="0" stop-color="${p.bg2}"/><stop offset="1" stop-color="${p.bg}"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#light)"/>` +
    `<g transform="skewY(${top ? tilt : -tilt})">${blinds}</g>${subject}` +
    `<rect x="${MARGIN}" y="${top ? H - 40 : 40}" width="${W - 2 * MARGIN}" height="3" fill="${p.accent}"/>`
  );
};

const bold = ({ palette: p, top, rand }: Layout, initial: string) => {
  const flip = rand() < 0.5;
  const slash = (offset: number, width: number, opacity: number) => {
    const [a, b] = flip ? [offset, offset + 320] : [offset + 320, offset];
    return `<polygon points="${a},0 ${a + width},0 ${b + width},${H} ${b},${H}" fill="${p.accent}" opacity="${opacity}"/>`;
  };
  const base = -120 + Math.floor(rand() * 160);
  return (
    `<defs><linearGradient id="bg" x1="0" y1="${top ? 1 : 0}" x2="0" y2="${top ? 0 : 1}">` +
    `<stop offset="0" stop-color="${p.bg2}"/><stop offset="1" stop-color="${p.bg}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    slash(base, 90, 0.9) +
    slash(base + 130, 34, 0.6) +
    slash(base + 190, 14, 0.45) +
    `<text x="${flip ? W - 20 : 20}" y="${top ? H - 40 : 470}" text-anchor="${flip ? 'end' : 'start'}" font-family="${TYPE.bold.family}" font-stretch="condensed" font-weight="900" font-size="460" fill="none" stroke="${p.ink}" stroke-width="4" opacity="0.22">${escapeXml(initial)}</text>`
  );
};

const warm = ({ palette: p, top, rand }: Layout) => {
  const cx = 120 + Math.floor(rand() * 260);
  const cy = top ? 520 : 260;
  const kind = Math.floor(rand() * 3);
  let motif: string;
  if (kind === 0) {
    const rays = 18;
    motif = Array.from({ length: rays }, (_, i) => {
      const a1 = (i / rays) * 2 * Math.PI;
      const a2 = ((i + 0.5) / rays) * 2 * Math.PI;
      return `<polygon points="${cx},${cy} ${round(cx + Math.cos(a1) * 900)},${round(cy + Math.sin(a1) * 900)} ${round(cx + Math.cos(a2) * 900)},${round(cy + Math.sin(a2) * 900)}" fill="${p.bg2}" opacity="0.45"/>`;
    }).join('');
    motif += `<circle cx="${cx}" cy="${cy}" r="70" fill="${p.accent}"/>`;
  } else if (kind === 1) {
    motif =
      `<circle cx="${cx - 60}" cy="${cy}" r="130" fill="${p.accent}" opacity="0.8"/>` +
      `<circle cx="${cx + 60}" cy="${cy + 20}" r="130" fill="${p.bg2}" opacity="0.75"/>`;
  } else {
    const dots: string[] = [];
    for (let y = top ? 380 : 40; y < (top ? 720 : 400); y += 44)
      for (let x = 30 + ((y / 44) % 2) * 22; x < W; x += 44)
        dots.push(`<circle cx="${x}" cy="${y}" r="${6 + Math.floor(rand() * 9)}"/>`);
    motif = `<g fill="${p.accent}" opacity="0.55">${dots.join('')}</g>`;
  }
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg}"/>` +
    `<stop offset="1" stop-color="${p.bg2}" stop-opacity="0.6"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="${p.bg}"/><rect width="${W}" height="${H}" fill="url(#bg)"/>${motif}`
  );
};

const quiet = ({ palette: p, top, rand }: Layout) => {
  const kind = Math.floor(rand() * 3);
  const y = top ? 430 : 120;
  const x = 60 + Math.floor(rand() * 200);
  const shape =
    kind === 0
      ? `<circle cx="${x + 90}" cy="${y + 110}" r="${80 + Math.floor(rand() * 50)}" fill="${p.accent}"/>`
      : kind === 1
        ? `<rect x="${x}" y="${y}" width="${140 + Math.floor(rand() * 120)}" height="${160 + Math.floor(rand() * 60)}" fill="${p.accent}"/>`
        : Array.from(
            { length: 9 },
            (_, i) =>
              `<line x1="${MARGIN}" y1="${y + i * 26}" x2="${W - MARGIN}" y2="${y + i * 26}" stroke="${p.accent}" stroke-width="${1 + (i % 3)}"/>`,
          ).join('');
  return (
    `<rect width="${W}" height="${H}" fill="${p.bg}"/>` +
    `<rect x="0" y="${top ? 390 : 0}" width="${W}" height="360" fill="${p.bg2}" opacity="0.45"/>${shape}` +
    `<line x1="${MARGIN}" y1="${top ? 370 : 380}" x2="${MARGIN + 80}" y2="${top ? 370 : 380}" stroke="${p.ink}" stroke-width="2"/>`
  );
};

const cosmic = ({ palette: p, top, rand }: Layout) => {
  const stars = Array.from(
    { length: 60 },
    () =>
      `<circle cx="${Math.floor(rand() * W)}" cy="${Math.floor(rand() * H)}" r="${round(0.6 + rand() * 1.8)}" opacity="${round(0.3 + rand() * 0.7)}"/>`,
  ).join('');
  const cx = 110 + Math.floor(rand() * 280);
  const cy = top ? 500 : 270;
  const r = 70 + Math.floor(rand() * 60);
  const tilt = -25 + Math.floor(rand() * 50);
  return (
    `<defs><radialGradient id="sky" cx="${cx / W}" cy="${cy / H}" r="0.8"><stop offset="0" stop-color="${p.bg2}"/>` +
    `<stop offset="1" stop-color="${p.bg}"/></radialGradient><linearGradient id="planet" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.bg}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#sky)"/><g fill="${p.ink}">${stars}</g>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#planet)"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${r * 1.9}" ry="${r * 0.45}" fill="none" stroke="${p.accent}" stroke-width="3" opacity="0.8" transform="rotate(${tilt} ${cx} ${cy})"/>`
  );
};

const frontier = ({ palette: p, top, rand }: Layout) => {
  const horizon = top ? 560 : 400;
  const sunX = 100 + Math.floor(rand() * 300);
  const peaks: string[] = [`0,${horizon}`];
  for (let x = 0; x <= W; x += 50) peaks.push(`${x},${horizon - Math.floor(rand() * 70)}`);
  peaks.push(`${W},${H}`, `0,${H}`);
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg}"/>` +
    `<stop offset="0.6" stop-color="${p.bg2}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
    `<circle cx="${sunX}" cy="${horizon - 40}" r="95" fill="${p.accent}" opacity="0.9"/>` +
    `<polygon points="${peaks.join(' ')}" fill="${p.bg}"/>`
  );
};

// ── Era dressing ─────────────────────────────────────────────────────────────────────────────────────────────────

const dress = (era: PosterEra, p: Palette, top: boolean) => {
  switch (era) {
    case 'classic':
      return (
        `<rect x="16" y="16" width="${W - 32}" height="${H - 32}" fill="none" stroke="${p.ink}" stroke-width="3" opacity="0.7"/>` +
        `<rect x="26" y="26" width="${W - 52}" height="${H - 52}" fill="none" stroke="${p.ink}" stroke-width="1" opacity="0.7"/>`
      );
    case 'seventies': {
      const y = top ? 330 : 360;
      return [p.accent, p.bg2, p.ink]
        .map(
          (colour, i) =>
            `<rect x="0" y="${y + i * 22}" width="${W}" height="16" fill="${colour}" opacity="0.55"/>`,
        )
        .join('');
    }
    case 'eighties': {
      const y0 = top ? 0 : 470;
      const lines = [0, 1, 2, 3, 4, 5].map(
        (i) => `<line x1="0" y1="${y0 + i * i * 8 + 10}" x2="${W}" y2="${y0 + i * i * 8 + 10}"/>`,
      );
      const rays = [-3, -2, -1, 0, 1, 2, 3].map(
        (i) => `<line x1="${W / 2}" y1="${y0 + 10}" x2="${W / 2 + i * 160}" y2="${y0 + 280}"/>`,
      );
      return `<g stroke="${p.accent}" stroke-width="2" opacity="0.35">${[...lines, ...rays].join('')}</g>`;
    }
    case 'modern':
      return '';
  }
};

// ── Type ─────────────────────────────────────────────────────────────────────────────────────────────────────────

const MAX_SIZE: Record<PosterFamily, number> = {
  noir: 96,
  bold: 150,
  warm: 110,
  quiet: 84,
  cosmic: 76,
  frontier: 96,
};

const titleBlock = (layout: Layout, type: TypeFace, title: string, year: number | null, genre: string) => {
  const { family, palette: p, top } = layout;
  const centred = family === 'quiet' || family === 'cosmic';
  const x = centred ? W / 2 : MARGIN;
  const anchor = centred ? 'middle' : 'start';
  const { lines, size } = fitTitle(title, type, MAX_SIZE[family], 300);
  const lineHeight = Math.round(size * 1.06);
  const blockHeight = lineHeight * lines.length;
  // The title's first baseline: under the year at the top, or ending above the year at the bottom.
  const first = top ? 150 + size * 0.8 : H - 110 - blockHeight + lineHeight;
  const yearY = top ? 110 : H - 60;
  const font = `font-family="${type.family}" font-weight="${type.weight}" font-stretch="${type.stretch}"`;
  const spans = lines
    .map((line, i) => `<tspan x="${x}" y="${Math.round(first + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  // A wash of the background behind the words keeps them legible whatever the motif does there.
  const scrimTop = top ? 0 : first - lineHeight - 40;
  const scrimBottom = top ? first + blockHeight + 20 : H;
  const scrim =
    `<defs><linearGradient id="scrim" x1="0" y1="${top ? 1 : 0}" x2="0" y2="${top ? 0 : 1}">` +
    `<stop offset="0" stop-color="${p.bg}" stop-opacity="0"/><stop offset="0.35" stop-color="${p.bg}" stop-opacity="0.82"/>` +
    `<stop offset="1" stop-color="${p.bg}" stop-opacity="0.92"/></linearGradient></defs>` +
    `<rect x="0" y="${Math.round(scrimTop)}" width="${W}" height="${Math.round(scrimBottom - scrimTop)}" fill="url(#scrim)"/>`;
  const meta = [year === null ? null : String(year), genre.toUpperCase()].filter(Boolean);
  return (
    scrim +
    `<text class="title" ${font} font-size="${size}" letter-spacing="${round(type.tracking * size)}" text-anchor="${anchor}" fill="${p.ink}">${spans}</text>` +
    `<text class="year" x="${x}" y="${yearY}" font-family="${TYPE.bold.family}" font-stretch="condensed" font-weight="700" font-size="${YEAR_SIZE}" letter-spacing="4" text-anchor="${anchor}" fill="${p.ink}">` +
    `${escapeXml(meta[0] ?? '')}${meta.length > 1 ? `<tspan font-size="20" font-weight="400" fill-opacity="0.8" dx="14">${escapeXml(meta[1] ?? '')}</tspan>` : ''}</text>`
  );
};

const MOTIFS: Record<PosterFamily, (layout: Layout, initial: string, horror: boolean) => string> = {
  noir,
  bold,
  warm,
  quiet,
  cosmic,
  frontier,
};

/**
 * A 500×750 SVG poster, typographic and varied: the genre picks a family (noir shadows for thrillers and horror, bold
 * condensed type and slashes for action, warm palettes and sunbursts for comedy and romance, paper and ink for
 * drama, space for science fiction, a desert sun for westerns), the decade dresses it (a framed serif before 1970,
 * stripes in the seventies, a neon grid in the eighties), and a hash of the id and title picks the palette, where
 * the title sits and how the motif falls. The same title always draws the same poster; every text is escaped.
 */
export const renderPoster = ({ id, title, genre, genres, year }: PosterInput): string => {
  const hash = createHash('sha256').update(`${id}:${title}`).digest();
  const family = familyOf(genres?.length ? genres : [genre], hash[0]);
  const era = eraOf(year);
  const palettes = PALETTES[family];
  const horror = genre === 'Horror';
  const layout: Layout = {
    family,
    era,
    // Horror takes noir's blood-red palette.
    palette: palettes[horror ? 0 : hash[1] % palettes.length],
    top: hash[2] % 2 === 0,
    rand: seeded(hash.readUInt32LE(4)),
  };
  const type = era === 'classic' ? CLASSIC_TYPE : TYPE[family];
  const initial = /[\p{L}\p{N}]/u.exec(title)?.[0].toUpperCase() ?? '';
  const label = year === null ? title : `${title} (${year})`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(label)}" data-family="${family}" data-era="${era}">`,
    MOTIFS[family](layout, initial, horror),
    dress(era, layout.palette, layout.top),
    titleBlock(layout, type, title, year, genre),
    `</svg>`,
  ].join('');
};
