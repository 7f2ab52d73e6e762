import { mkdirSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { InjectEnv } from '@app/server-core';
import type { Env } from '../env';

/** How often markers older than a token's lifetime are swept. */
const SWEEP_EVERY_MS = 60_000;

/**
 * DECISIONS 35 at the byte server in front (issue 29 §4): a lease that ends (stopped, exited, signed out, refunded…)
 * leaves an empty file named by its id in STREAM_EDGE_REVOKED_DIR before its end is answered, and nginx refuses
 * the lease's edge links while the file exists (one `stat` per request, no cache: the refusal is immediate). A marker
 * is needed only while a token of the lease could still be valid, so it is swept after STREAM_TOKEN_TTL_SECONDS.
 * A lease that lapses silently (no heartbeat for LEASE_TTL_SECONDS) leaves none: its edge links end with its last
 * token, within STREAM_TOKEN_TTL_SECONDS. Without a byte server that checks links (no STREAM_EDGE_SECRET) it does nothing.
 */
@Injectable()
export class EdgeRevocations implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EdgeRevocations.name);
  private readonly dir: string | null;
  private readonly keepMs: number;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(@InjectEnv() env: Env) {
    this.dir = env.STREAM_EDGE_SECRET === undefined ? null : (env.STREAM_EDGE_REVOKED_DIR ?? null);
    this.keepMs = env.STREAM_TOKEN_TTL_SECONDS * 1000;
    if (this.dir !== null) mkdirSync(this.dir, { recursive: true });
  }

  onModuleInit(): void {
    if (this.dir === null) return;
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Marks these leases ended for the byte server; resolves once every marker is on disk. */
  async revoke(leaseIds: readonly string[]): Promise<void> {
    const { dir } = this;
    if (dir === null) return;
    // Lease ids are base64url (playback.service.ts): never a path separator or a dot-name.
    await Promise.all(leaseIds.filter(isLeaseId).map((leaseId) => writeFile(path.join(dir, leaseId), '')));
  }

  /** Drops markers older than a token's lifetime (no token of theirs can still be valid); answers how many. */
  async sweep(now = Date.now()): Promise<number> {
    const { dir } = this;
    if (dir === null) return 0;
    let swept = 0;
    try {
      for (const name of await readdir(dir)) {
        const file = path.join(dir, name);
        const stats = await stat(file).catch(() => null);
        if (stats && now - stats.mtimeMs > this.keepMs) {
          await rm(file, { force: true });
          swept += 1;
        }
      }
    } catch (error) {
      this.logger.warn({ msg: 'revocation sweep failed', error: String(error) });
    }
    return swept;
  }
}

const isLeaseId = (value: string) => /^[A-Za-z0-9_-]{1,64}$/.test(value);
