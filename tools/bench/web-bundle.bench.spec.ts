import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { measureLanding, webBundleReport } from './web-bundle.bench';

describe('web bundle benchmark', () => {
  let dist: string;
  const write = (file: string, text: string) => writeFileSync(path.join(dist, file), text);

  beforeEach(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'web-bundle-'));
    mkdirSync(path.join(dist, 'assets'));
    write(
      'index.html',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor-b.js">' +
        '<link rel="icon" href="/favicon.svg">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-c.css">',
    );
    write(
      'assets/index-a.js',
      'import{a as e}from"./vendor-b.js";import"./shared-d.js";const p=()=>import("./Page-e.js");e(p);',
    );
    write('assets/vendor-b.js', `export const a=(f)=>f;/*${'v'.repeat(500)}*/`);
    write('assets/shared-d.js', 'import{a}from"./vendor-b.js";a(1);');
    write('assets/Page-e.js', 'export const Page=1;');
    write('assets/index-c.css', 'body{margin:0}');
  });

  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('counts the entry, its modulepreloads and static imports, not lazy chunks, icons or stylesheets as JS', () => {
    const cost = measureLanding(dist);

    expect(cost.files.sort()).toEqual([
      'assets/index-a.js',
      'assets/index-c.css',
      'assets/shared-d.js',
      'assets/vendor-b.js',
    ]);
    expect(cost.css.raw).toBe('body{margin:0}'.length);
    expect(cost.js.gzip).toBeLessThan(cost.js.raw);
  });

  it('counts a file as served in brotli when the build wrote its .br', () => {
    const vendor = `export const a=(f)=>f;/*${'v'.repeat(500)}*/`;
    writeFileSync(path.join(dist, 'assets/vendor-b.js.br'), brotliCompressSync(vendor));

    const cost = measureLanding(dist);

    expect(cost.js.served).toBe(cost.js.raw - vendor.length + brotliCompressSync(vendor).length);
    expect(cost.transfer).toBe(cost.js.served + cost.css.served + cost.html.served);
    expect(webBundleReport(dist)).toMatch(/initial JS, gzip -9 \| 165\.9 kB \| [\d.]+ kB/);
  });
});
