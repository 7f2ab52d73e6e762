import { createHash } from 'node:crypto';
import { edgeAudioCode, edgeDirCode } from '@app/contracts';
import { edgeSuffix, isEdgeSuffix } from './edge-link';
import type { StreamClaims } from './stream-token';

const SECRET = 'an-edge-secret-that-is-long-enough-0000';
const movieId = '65f0000000000000000000aa';
const claims: StreamClaims = {
  userId: '65f000000000000000000001',
  sessionId: 'session-1',
  movieId,
  quality: '720p',
  leaseId: 'KJ2GmvFcurpQM6rUeM7wQQ',
  expiresAt: 1_800_000_120,
  assetDir: `uploads/${movieId}/mg0x1a2b3c`,
  addedAudio: ['ta', 'hi'],
};

describe('edge link (issue 29 §4)', () => {
  it('names cap, lease, directory, added audio and expiry in plain text, signed by the MD5 nginx’s secure_link computes', () => {
    const suffix = edgeSuffix(claims, SECRET);
    const [, quality, lease, dir, audio, expiry, md5] = suffix.split('.');
    expect([quality, lease, dir, audio, expiry]).toEqual([
      '720p',
      claims.leaseId,
      'umg0x1a2b3c',
      'ata-hi',
      '1800000120',
    ]);
    // nginx: secure_link_md5 "$edge_x/$edge_m/$edge_q/$edge_l/$edge_d/$edge_a <secret>", base64url without padding.
    const expected = createHash('md5')
      .update(`1800000120/${movieId}/720p/${claims.leaseId}/umg0x1a2b3c/ata-hi ${SECRET}`)
      .digest('base64url');
    expect(md5).toBe(expected);
    expect(isEdgeSuffix(suffix.slice(1).split('.'))).toBe(true);
  });

  it('differs with every field it binds, and with the secret', () => {
    const base = edgeSuffix(claims, SECRET);
    for (const changed of [
      { ...claims, quality: 'best' as const },
      { ...claims, leaseId: 'AAAAAAAAAAAAAAAAAAAAAA' },
      { ...claims, expiresAt: claims.expiresAt + 1 },
      { ...claims, movieId: '65f0000000000000000000bb', assetDir: 'samples/1' },
      { ...claims, assetDir: 'samples/1' },
      { ...claims, addedAudio: ['ta'] },
    ]) {
      expect(edgeSuffix(changed, SECRET).split('.')[6]).not.toBe(base.split('.')[6]);
    }
    expect(edgeSuffix(claims, `${SECRET}x`)).not.toBe(base);
  });

  it('signs none where nginx could not find the files: no directory, an unknown layout, another title’s upload', () => {
    expect(edgeSuffix({ ...claims, assetDir: undefined }, SECRET)).toBe('');
    expect(edgeSuffix({ ...claims, assetDir: 'elsewhere/1' }, SECRET)).toBe('');
    expect(edgeSuffix({ ...claims, assetDir: 'uploads/65f0000000000000000000bb/v1' }, SECRET)).toBe('');
    expect(edgeSuffix({ ...claims, leaseId: 'lease_too_short' }, SECRET)).toBe('');
    expect(edgeSuffix({ ...claims, addedAudio: ['t/a'] }, SECRET)).toBe('');
  });

  it('codes no added audio as `a` alone', () => {
    expect(edgeSuffix({ ...claims, addedAudio: undefined }, SECRET).split('.')[4]).toBe('a');
    expect(edgeAudioCode([])).toBe('a');
    expect(edgeAudioCode(Array.from({ length: 9 }, () => 'ta'))).toBeNull();
  });

  it('codes the two asset layouts as one path-safe word, and nothing else', () => {
    expect(edgeDirCode('samples/12', movieId)).toBe('s12');
    expect(edgeDirCode(`uploads/${movieId}/mg0x1a2b3c`, movieId)).toBe('umg0x1a2b3c');
    expect(edgeDirCode('samples/../x', movieId)).toBeNull();
    expect(edgeDirCode(`uploads/${movieId}/a/b`, movieId)).toBeNull();
  });
});
