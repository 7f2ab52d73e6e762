#!/usr/bin/env node
// The image build installs with `npm install` (the lockfile cannot list other platforms' optional packages, so
// `npm ci` refuses it: TOOLCHAIN.md), then enforces the lockfile with this check (issue 14, finding 9): every
// package the committed lockfile pins must be installed at exactly that version, source and integrity. Entries
// npm added for this platform's optional binaries are allowed; any changed or dropped pin fails the build.
//   node tools/deploy/lockfile-check.mjs <committed package-lock.json> <package-lock.json after install>
import { readFileSync } from 'node:fs';

const PINNED = ['version', 'resolved', 'integrity'];

/** Pins of `before` that `after` changed or dropped, one line each. */
export const lockfileDrift = (before, after) => {
  const installed = after.packages ?? {};
  return Object.entries(before.packages ?? {}).flatMap(([path, pinned]) => {
    if (path === '') return [];
    const now = installed[path];
    if (!now) return pinned.optional ? [] : [`${path}: pinned ${pinned.version}, not installed`];
    return PINNED.filter((key) => pinned[key] !== undefined && now[key] !== pinned[key]).map(
      (key) => `${path}: ${key} ${pinned[key]} became ${now[key]}`,
    );
  });
};

const [, , beforePath, afterPath] = process.argv;
if (beforePath && afterPath) {
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  const drift = lockfileDrift(read(beforePath), read(afterPath));
  if (drift.length > 0) {
    process.stderr.write(
      `package-lock.json is not what was installed (update and commit it):\n${drift.join('\n')}\n`,
    );
    process.exit(1);
  }
  process.stdout.write('package-lock.json: every pinned package installed as locked\n');
}
