import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an admin's browser may take to start the upload after asking for it. */
export const UPLOAD_TICKET_SECONDS = 15 * 60;

// Stream tokens are signed with the same secret: the purpose inside the MAC keeps one from passing for the other.
const PURPOSE = 'streaming-upload-v2';
const TICKET =
  /^([a-f0-9]{24})\.(\d{1,12})\.([A-Za-z0-9_-]{22})(?:\.a-([a-z]{2,3})(?:-([A-Za-z0-9_-]{1,400}))?)?\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${body}`).digest('base64url');

/** What a ticket lets its bearer upload: the title's video, or an audio track in one language (issue 26). */
export type UploadPurpose = { kind: 'video' } | { kind: 'audio'; language: string; label: string | null };

/** What a genuine, unexpired ticket says: its movie, its purpose, its own id (it is good for one upload), expiry. */
export type VerifiedTicket = { movieId: string; ticketId: string; expiresAt: Date; purpose: UploadPurpose };

/** `.a-{language}[-{label, base64url}]` after the ticket id for an audio track; nothing for a video. */
const purposePart = (purpose: UploadPurpose) =>
  purpose.kind === 'video'
    ? ''
    : `.a-${purpose.language}${purpose.label ? `-${Buffer.from(purpose.label).toString('base64url')}` : ''}`;

/**
 * `{movieId}.{expiry, unix s}.{ticket id}[.a-{language}[-{label}]].{HMAC-SHA256}`: URL-safe, so it sits in
 * `/stream/upload/{ticket}` as is. The random ticket id makes every ticket distinct (two asked for in one second
 * too), so each can be used once; the purpose is signed with the rest, so a video link never takes an audio
 * track nor the other way round.
 */
export const signUploadTicket = (
  secret: string,
  movieId: string,
  expiresAt: Date,
  purpose: UploadPurpose = { kind: 'video' },
): string => {
  const body = `${movieId}.${Math.floor(expiresAt.getTime() / 1000)}.${randomBytes(16).toString('base64url')}${purposePart(purpose)}`;
  return `${body}.${mac(secret, body)}`;
};

/** The ticket's movie, purpose and id, or null when it is malformed, forged, tampered with or expired. */
export const verifyUploadTicket = (secret: string, ticket: string, now: Date): VerifiedTicket | null => {
  const match = TICKET.exec(ticket);
  if (!match) return null;
  const [, movieId, expiry, ticketId, language, label, signature] = match;
  const expected = Buffer.from(mac(secret, ticket.slice(0, ticket.length - signature.length - 1)));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  const purpose: UploadPurpose = language
    ? { kind: 'audio', language, label: label ? Buffer.from(label, 'base64url').toString('utf8') : null }
    : { kind: 'video' };
  return { movieId, ticketId, expiresAt, purpose };
};
