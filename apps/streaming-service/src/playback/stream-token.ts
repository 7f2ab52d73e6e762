import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { QualitySchema } from '@app/contracts';
import { isEdgeSuffix } from './edge-link';
import type { Quality } from '@app/contracts';

/** What a stream token grants: user, session, title, quality cap, lease, and expiry (epoch seconds). */
export type StreamClaims = {
  userId: string;
  sessionId: string;
  movieId: string;
  quality: Quality;
  leaseId: string;
  expiresAt: number;
  /** The asset directory the playback opened on (media-layout.ts): where the byte server in front finds its files. */
  assetDir?: string;
  /** The audio languages an admin had added when it opened (their files are the title's own, not the version's). */
  addedAudio?: string[];
};

export type TokenFailure = 'malformed' | 'tampered' | 'expired';
export type TokenCheck = { ok: true; claims: StreamClaims } | { ok: false; reason: TokenFailure };

// The wire form uses one-letter keys: the token sits in every segment URL.
const PayloadSchema = z
  .object({
    u: z.string().min(1).max(64),
    s: z.string().min(1).max(64),
    m: z.string().min(1).max(64),
    q: QualitySchema,
    l: z.string().min(1).max(64),
    e: z.number().int().positive(),
    d: z.string().min(1).max(120).optional(),
    a: z.array(z.string().min(1).max(8)).max(16).optional(),
  })
  .strict();

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAC_BYTES = 32;
/** Longer than any token we sign; bounds the work an attacker can ask for. */
const MAX_TOKEN_LENGTH = 1024;

/**
 * A stream signing key derived from STREAM_TOKEN_SECRET for this one purpose, so a stream token can never be
 * accepted where another HMAC made with the same secret (an upload ticket) is expected, or the reverse.
 */
export const streamTokenKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('streamly/stream-token/v1').digest();

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest();

/** `base64url(payload) + '.' + base64url(HMAC-SHA256(payload))`: URL-safe, so it can sit in a path segment. */
export const signStreamToken = (claims: StreamClaims, key: Buffer): string => {
  const wire: z.infer<typeof PayloadSchema> = {
    u: claims.userId,
    s: claims.sessionId,
    m: claims.movieId,
    q: claims.quality,
    l: claims.leaseId,
    e: claims.expiresAt,
    ...(claims.assetDir === undefined ? {} : { d: claims.assetDir }),
    ...(claims.addedAudio?.length ? { a: claims.addedAudio } : {}),
  };
  const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
};

/**
 * The claims of a token this service signed and that has not expired at `nowSeconds`, or why not. A token may carry
 * an edge link after its signature (edge-link.ts): only the byte server in front reads it; here it must have its
 * shape, and this service's own checks (the signature over the claims, the lease) decide as ever.
 */
export const verifyStreamToken = (token: string, key: Buffer, nowSeconds: number): TokenCheck => {
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
  const [payload, signature = '', ...edge] = token.split('.');
  if (edge.length > 0 && !isEdgeSuffix(edge)) return { ok: false, reason: 'malformed' };
  if (!payload || !BASE64URL.test(payload) || !BASE64URL.test(signature)) {
    return { ok: false, reason: 'malformed' };
  }
  const given = Buffer.from(signature, 'base64url');
  // Checked before the MAC so timingSafeEqual gets equal lengths (a wrong length is no secret); the canonical
  // spelling is required so one signature has one text (base64url's last character carries spare bits).
  if (given.length !== MAC_BYTES || given.toString('base64url') !== signature) {
    return { ok: false, reason: 'malformed' };
  }
  if (!timingSafeEqual(given, mac(key, payload))) return { ok: false, reason: 'tampered' };
  const parsed = PayloadSchema.safeParse(parseJson(Buffer.from(payload, 'base64url').toString('utf8')));
  if (!parsed.success) return { ok: false, reason: 'malformed' };
  const { u, s, m, q, l, e, d, a } = parsed.data;
  if (e <= nowSeconds) return { ok: false, reason: 'expired' };
  const claims: StreamClaims = { userId: u, sessionId: s, movieId: m, quality: q, leaseId: l, expiresAt: e };
  if (d !== undefined) claims.assetDir = d;
  if (a !== undefined) claims.addedAudio = a;
  return { ok: true, claims };
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
