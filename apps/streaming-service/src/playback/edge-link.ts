import { createHash } from 'node:crypto';
import { edgeAudioCode, edgeDirCode, EdgeLinkPatterns, edgeLinkSignedText } from '@app/contracts';
import type { StreamClaims } from './stream-token';

// Issue 29 §4 (DECISIONS 35): the part of a stream token the byte server in front checks on its own (nginx's
// `secure_link`, libs/local-infra nginx.ts), so segments and the MP4 go out by sendfile without asking this service.
// It binds the same grant as the token (title, cap, lease, expiry) plus the asset's directory; the lease's end is
// told to the byte server by a revocation marker (edge-revocations.ts).

const FIELD_ORDER = ['quality', 'leaseId', 'dir', 'audio', 'expiresAt', 'md5'] as const;
const SUFFIX_FIELD = FIELD_ORDER.map((field) => new RegExp(`^(?:${EdgeLinkPatterns[field]})$`));

/** Whether the parts after a token's signature are an edge link's six fields. */
export const isEdgeSuffix = (parts: readonly string[]): boolean =>
  parts.length === FIELD_ORDER.length && parts.every((part, i) => SUFFIX_FIELD[i].test(part));

/**
 * `.{quality}.{leaseId}.{dir}.{audio}.{expiresAt}.{md5}` for a token with these claims, or '' when the byte server
 * could not serve its files (no asset directory it knows how to find, a lease id of another shape): those links stay
 * with this service's own checks.
 */
export const edgeSuffix = (claims: StreamClaims, secret: string): string => {
  const dir = claims.assetDir === undefined ? null : edgeDirCode(claims.assetDir, claims.movieId);
  const audio = edgeAudioCode(claims.addedAudio ?? []);
  if (dir === null || audio === null) return '';
  const fields = {
    quality: claims.quality,
    leaseId: claims.leaseId,
    dir,
    audio,
    expiresAt: claims.expiresAt,
  };
  const md5 = createHash('md5')
    .update(edgeLinkSignedText(fields, claims.movieId, secret))
    .digest('base64url');
  const parts = [fields.quality, fields.leaseId, fields.dir, fields.audio, String(fields.expiresAt), md5];
  return isEdgeSuffix(parts) ? `.${parts.join('.')}` : '';
};
