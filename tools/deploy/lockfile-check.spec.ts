import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Issue 14, finding 9: the image build enforces the committed lockfile after `npm install`.

type Lock = { packages: Record<string, Record<string, unknown>> };

const lock = (packages: Lock['packages']): Lock => ({ packages: { '': { name: 'streamly' }, ...packages } });
const zod = {
  version: '4.1.0',
  resolved: 'https://registry.npmjs.org/zod/-/zod-4.1.0.tgz',
  integrity: 'sha512-a',
};

const check = (before: Lock, after: Lock): { ok: boolean; output: string } => {
  const dir = mkdtempSync(join(tmpdir(), 'lockfile-'));
  writeFileSync(join(dir, 'before.json'), JSON.stringify(before));
  writeFileSync(join(dir, 'after.json'), JSON.stringify(after));
  try {
    const output = execFileSync(
      process.execPath,
      [join(__dirname, 'lockfile-check.mjs'), join(dir, 'before.json'), join(dir, 'after.json')],
      { encoding: 'utf8', stdio: 'pipe' },
    );
    return { ok: true, output };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr) };
  }
};

describe('lockfile-check (the image build)', () => {
  it('passes when every pin is installed as locked, even with new optional platform binaries', () => {
    const after = lock({
      'node_modules/zod': zod,
      'node_modules/@esbuild/linux-arm64': { version: '0.25.0', optional: true },
    });
    expect(check(lock({ 'node_modules/zod': zod }), after).ok).toBe(true);
  });

  it('fails when npm moved a pinned package to another version', () => {
    const result = check(
      lock({ 'node_modules/zod': zod }),
      lock({ 'node_modules/zod': { ...zod, version: '4.2.0' } }),
    );
    expect(result.ok).toBe(false);
    expect(result.output).toContain('node_modules/zod: version 4.1.0 became 4.2.0');
  });

  it('fails when a pinned package came from elsewhere or with other bytes', () => {
    const moved = check(
      lock({ 'node_modules/zod': zod }),
      lock({
        'node_modules/zod': { ...zod, resolved: 'https://evil.example/zod.tgz', integrity: 'sha512-b' },
      }),
    );
    expect(moved.ok).toBe(false);
    expect(moved.output).toContain('resolved');
    expect(moved.output).toContain('integrity');
  });

  it('fails when a required pinned package was not installed', () => {
    const result = check(lock({ 'node_modules/zod': zod }), lock({}));
    expect(result.output).toContain('node_modules/zod: pinned 4.1.0, not installed');
  });
});
