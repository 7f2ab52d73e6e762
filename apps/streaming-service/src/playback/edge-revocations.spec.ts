import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Env } from '../env';
import { EdgeRevocations } from './edge-revocations';

const env = (overrides: Partial<Env>) => ({ STREAM_TOKEN_TTL_SECONDS: 120, ...overrides }) as Env;

describe('EdgeRevocations', () => {
  let dir: string;
  beforeEach(async () => {
    dir = path.join(await mkdtemp(path.join(tmpdir(), 'edge-revocations-')), 'revoked');
  });
  afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }));

  it('marks each ended lease with an empty file nginx can stat, and nothing that could name another path', async () => {
    const revocations = new EdgeRevocations(
      env({ STREAM_EDGE_SECRET: 'x'.repeat(32), STREAM_EDGE_REVOKED_DIR: dir }),
    );
    await revocations.revoke(['KJ2GmvFcurpQM6rUeM7wQQ', 'second_lease', '../escape', '']);
    expect((await readdir(dir)).sort()).toEqual(['KJ2GmvFcurpQM6rUeM7wQQ', 'second_lease']);
  });

  it('sweeps markers once no token of theirs can be valid, keeping younger ones', async () => {
    const revocations = new EdgeRevocations(
      env({ STREAM_EDGE_SECRET: 'x'.repeat(32), STREAM_EDGE_REVOKED_DIR: dir }),
    );
    await revocations.revoke(['old_lease', 'new_lease']);
    const old = new Date(Date.now() - 121_000);
    await utimes(path.join(dir, 'old_lease'), old, old);
    expect(await revocations.sweep()).toBe(1);
    expect(await readdir(dir)).toEqual(['new_lease']);
  });

  it('does nothing where no byte server checks links', async () => {
    const revocations = new EdgeRevocations(env({ STREAM_EDGE_REVOKED_DIR: dir }));
    await revocations.revoke(['KJ2GmvFcurpQM6rUeM7wQQ']);
    expect(await revocations.sweep()).toBe(0);
    await expect(readdir(dir)).rejects.toThrow();
  });
});
