import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an admin's browser may take to start the upload after asking for it. */
export const UPLOAD_TICKET_SECONDS = 15 * 60;

// Stream tokens are signed with the same secret: the purpose inside the MAC keeps one from passing for the other.
const PURPOSE = 'streaming-upload-v1';
const TICKET = /^([a-f0-9]{24})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${body}`).digest('base64url');

/** `{movieId}.{expiry, unix s}.{HMAC-SHA256}`: URL-safe, so it sits in `/stream/upload/{ticket}` as is. */
export const signUploadTicket = (secret: string, movieId: string, expiresAt: Date): string => {
  const body = `${movieId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${mac(secret, body)}`;
};

/** The movie the ticket was issued for, or null when it is malformed, forged, tampered with or expired. */
export const verifyUploadTicket = (secret: string, ticket: string, now: Date): { movieId: string } | null => {
  const match = TICKET.exec(ticket);
  if (!match) return null;
  const [, movieId, expiry, signature] = match;
  const expected = Buffer.from(mac(secret, `${movieId}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return { movieId };
};
