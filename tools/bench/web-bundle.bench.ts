import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * `npm run bench`, first part: what the landing page costs a first-time visitor, read from the built web app
 * (dist/apps/web; this file builds nothing). Initial JavaScript is the entry script, its modulepreloads and
 * every chunk they import statically; the initial transfer adds index.html and the stylesheets, each counted
 * as the gateway sends it to a browser that accepts brotli (the `.br` file the build wrote, else the file).
 */

/** Bytes of a set of files: as they are, gzip -9, brotli q11, and as served. */
export type Sizes = { raw: number; gzip: number; brotli: number; served: number };

export type LandingCost = { js: Sizes; css: Sizes; html: Sizes; files: string[]; transfer: number };

/**
 * Measured on 2026-11-22 on main at 8bc28eb (before issue 8), `npx nx build web`: one 551,225-byte script
 * and one stylesheet, sizes computed the way `measureLanding` computes them. The gateway then served every
 * file uncompressed, so the transfer was the raw bytes.
 */
export const BEFORE: LandingCost = {
  js: { raw: 551_225, gzip: 165_921, brotli: 143_065, served: 551_225 },
  css: { raw: 54_180, gzip: 9_352, brotli: 8_312, served: 54_180 },
  html: { raw: 655, gzip: 389, brotli: 246, served: 655 },
  files: ['assets/index-DzD9Q0Da.js', 'assets/index-BlmV2jRJ.css'],
  transfer: 606_060,
};

/** Issue 8 targets: initial JavaScript at most 120 kB gzip, and the landing page's transfer at least halved. */
export const TARGET = { jsGzip: 120_000, transferRatio: 2 };

const zero = (): Sizes => ({ raw: 0, gzip: 0, brotli: 0, served: 0 });
const add = (a: Sizes, b: Sizes): Sizes => ({
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
  served: a.served + b.served,
});

const sizesOf = (file: string): Sizes => {
  const bytes = readFileSync(file);
  const br = `${file}.br`;
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length,
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }).length,
    served: existsSync(br) ? readFileSync(br).length : bytes.length,
  };
};

/** `<script src>`, `<link rel="modulepreload">` and `<link rel="stylesheet">` of index.html, as paths under dist. */
const referencedBy = (html: string) => {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const js: string[] = [];
  const css: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const url = tag.startsWith('<script') ? attr(tag, 'src') : attr(tag, 'href');
    if (!url?.startsWith('/')) continue;
    if (tag.startsWith('<script') || rel === 'modulepreload') js.push(url.slice(1));
    else if (rel === 'stylesheet') css.push(url.slice(1));
  }
  return { js, css };
};

/** Chunks a built chunk imports statically (`import … from "./x.js"`, `import "./x.js"`); dynamic `import()` is not initial. */
const staticImports = (code: string, from: string) =>
  [...code.matchAll(/\bimport\s*(?:[\w${},\s*]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map((match) =>
    path.posix.join(path.posix.dirname(from), match[1]),
  );

export const measureLanding = (distDir: string): LandingCost => {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile))
    throw new Error(`${indexFile} is missing: build the web app first (npx nx build web)`);
  const refs = referencedBy(readFileSync(indexFile, 'utf8'));
  const scripts = new Set<string>();
  const pending = [...refs.js];
  while (pending.length) {
    const file = pending.pop() as string;
    if (scripts.has(file)) continue;
    scripts.add(file);
    pending.push(...staticImports(readFileSync(path.join(distDir, file), 'utf8'), file));
  }
  const sum = (files: Iterable<string>) =>
    [...files].reduce((total, file) => add(total, sizesOf(path.join(distDir, file))), zero());
  const js = sum(scripts);
  const css = sum(refs.css);
  const html = sizesOf(indexFile);
  return { js, css, html, files: [...scripts, ...refs.css], transfer: js.served + css.served + html.served };
};

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const times = (before: number, after: number) => `${(before / after).toFixed(2)}×`;

export const webBundleReport = (distDir: string): string => {
  const now = measureLanding(distDir);
  const row = (label: string, before: number, after: number) =>
    `| ${label} | ${kB(before)} | ${kB(after)} | ${times(before, after)} smaller |`;
  const ratio = BEFORE.transfer / now.transfer;
  return [
    `Landing page (/) for a first visit, from ${distDir}: ${now.files.length} initial files (${now.files.join(', ')})`,
    '',
    '| landing page | before | now | change |',
    '|---|---|---|---|',
    row('initial JS, raw', BEFORE.js.raw, now.js.raw),
    row('initial JS, gzip -9', BEFORE.js.gzip, now.js.gzip),
    row('initial JS, brotli q11', BEFORE.js.brotli, now.js.brotli),
    row('initial CSS, gzip -9', BEFORE.css.gzip, now.css.gzip),
    row('total transfer as served (HTML + JS + CSS)', BEFORE.transfer, now.transfer),
    '',
    `Target (issue 8): initial JS ≤ ${kB(TARGET.jsGzip)} gzip: ${kB(now.js.gzip)} ${now.js.gzip <= TARGET.jsGzip ? 'met' : 'MISSED'}; ` +
      `transfer ≥ ${TARGET.transferRatio}× smaller: ${ratio.toFixed(2)}× ${ratio >= TARGET.transferRatio ? 'met' : 'MISSED'}.`,
  ].join('\n');
};
