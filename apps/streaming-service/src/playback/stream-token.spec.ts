import { createHmac } from 'node:crypto';
import type { StreamClaims } from './stream-token';
import { edgeSuffix } from './edge-link';
import { signStreamToken, streamTokenKey, verifyStreamToken } from './stream-token';

const key = streamTokenKey('a-test-secret-that-is-long-enough-000000');
const NOW = 1_800_000_000;
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const claims: StreamClaims = {
  userId: '65f000000000000000000001',
  sessionId: 'session-1',
  movieId: '65f0000000000000000000aa',
  quality: '720p',
  leaseId: 'lease_abcdefgh',
  expiresAt: NOW + 3600,
};

/** Re-encodes the payload with one field changed, keeping the original signature. */
const withPayloadField = (token: string, field: string, value: unknown) => {
  const [payload, signature] = token.split('.');
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  return `${Buffer.from(JSON.stringify({ ...decoded, [field]: value })).toString('base64url')}.${signature}`;
};

describe('stream token', () => {
  const token = signStreamToken(claims, key);

  it('round-trips its claims and is URL-safe', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyStreamToken(token, key, NOW)).toEqual({ ok: true, claims });
  });

  it.each([
    ['u', '65f000000000000000000002'],
    ['s', 'session-2'],
    ['m', '65f0000000000000000000bb'],
    ['q', 'best'],
    ['l', 'lease_other123'],
    ['e', NOW + 999_999],
  ])('refuses a token whose %s was changed', (field, value) => {
    expect(verifyStreamToken(withPayloadField(token, field, value), key, NOW)).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  it('refuses a changed signature', () => {
    const [payload, signature] = token.split('.');
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    expect(verifyStreamToken(`${payload}.${flipped}`, key, NOW)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses a token signed with another secret', () => {
    const other = signStreamToken(claims, streamTokenKey('another-secret-that-is-long-enough-11111'));
    expect(verifyStreamToken(other, key, NOW)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('refuses a raw HMAC with the secret itself (the key is derived for stream tokens only)', () => {
    const rawKey = Buffer.from('a-test-secret-that-is-long-enough-000000');
    expect(verifyStreamToken(signStreamToken(claims, rawKey), key, NOW)).toMatchObject({
      reason: 'tampered',
    });
  });

  it('expires at its expiry second', () => {
    expect(verifyStreamToken(token, key, claims.expiresAt - 1).ok).toBe(true);
    expect(verifyStreamToken(token, key, claims.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it.each([
    ['empty', ''],
    ['no dot', 'abcdef'],
    ['empty payload', `.${token.split('.')[1]}`],
    ['two dots', `${token}.x`],
    ['bad characters', token.replace(/^./, '+')],
    ['short signature', token.slice(0, -2)],
    // The last character carries two spare bits: flipping one keeps the MAC's bytes, but only one spelling is ours.
    ['non-canonical signature', `${token.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(token.slice(-1)) ^ 1]}`],
    ['overlong', `${'a'.repeat(2000)}.${token.split('.')[1]}`],
  ])('calls a %s token malformed', (_, bad) => {
    expect(verifyStreamToken(bad, key, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('carries the asset directory and added audio it was signed with, and accepts the edge link after its signature', () => {
    const withDir = {
      ...claims,
      leaseId: 'KJ2GmvFcurpQM6rUeM7wQQ',
      assetDir: 'samples/3',
      addedAudio: ['ta'],
    };
    const signed = signStreamToken(withDir, key);
    const suffix = edgeSuffix(withDir, 'an-edge-secret-that-is-long-enough-0000');
    expect(suffix.split('.')).toHaveLength(7);
    expect(verifyStreamToken(`${signed}${suffix}`, key, NOW)).toEqual({ ok: true, claims: withDir });
    // The edge fields are nginx's to check; here only their shape, so nothing else can hide after a signature.
    expect(verifyStreamToken(`${signed}${suffix.replace('.720p.', '.2160p.')}`, key, NOW)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyStreamToken(`${signed}${suffix}.extra`, key, NOW)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('calls a correctly signed payload that is not our claims malformed', () => {
    const payload = Buffer.from(JSON.stringify({ hello: 'world' })).toString('base64url');
    const signed = `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    expect(verifyStreamToken(signed, key, NOW)).toEqual({ ok: false, reason: 'malformed' });
  });
});
