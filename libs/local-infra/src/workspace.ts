import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The nearest directory at or above `from` holding nx.json. */
export function workspaceRoot(from: string = process.cwd()): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'nx.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No nx.json in ${resolve(from)} or any directory above it`);
  }
}
