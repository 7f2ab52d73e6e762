import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long an admin's browser may take to start the upload after asking for it. */
export const UPLOAD_TICKET_SECONDS = 15 * 60;

// Stream tokens are signed with the same secret: the purpose inside the MAC keeps one from passing for the other.
const PURPOSE = 'streaming-upload-v2';
const TICKET = /^([a-f0-9]{24})\.(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${body}`).digest('base64url');

/** What a genuine, unexpired ticket says: its movie, its own id (it is good for one upload) and its expiry. */
export type VerifiedTicket = { movieId: string; ticketId: string; expiresAt: Date };

/**
 * `{movieId}.{expiry, unix s}.{ticket id}.{HMAC-SHA256}`: URL-safe, so it sits in `/stream/upload/{ticket}` as
 * is. The random ticket id makes every ticket distinct (two asked for in one second too), so each can be used once.
 */
export const signUploadTicket = (secret: string, movieId: string, expiresAt: Date): string => {
  const body = `${movieId}.${Math.floor(expiresAt.getTime() / 1000)}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${mac(secret, body)}`;
};

/** The ticket's movie and id, or null when it is malformed, forged, tampered with or expired. */
export const verifyUploadTicket = (secret: string, ticket: string, now: Date): VerifiedTicket | null => {
  const match = TICKET.exec(ticket);
  if (!match) return null;
  const [, movieId, expiry, ticketId, signature] = match;
  const expected = Buffer.from(mac(secret, `${movieId}.${expiry}.${ticketId}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const expiresAt = new Date(Number(expiry) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return null;
  return { movieId, ticketId, expiresAt };
};
