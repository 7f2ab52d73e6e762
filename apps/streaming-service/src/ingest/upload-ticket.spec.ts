import { signUploadTicket, verifyUploadTicket } from './upload-ticket';

const secret = 'x'.repeat(40);
const movieId = '65f1c0ffee0123456789abcd';
const now = new Date('2026-01-01T10:00:00Z');
const later = new Date(now.getTime() + 15 * 60_000);

describe('upload tickets', () => {
  const ticket = signUploadTicket(secret, movieId, later);

  it('name their movie until they expire', () => {
    expect(ticket).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(verifyUploadTicket(secret, ticket, now)).toEqual({ movieId });
    expect(verifyUploadTicket(secret, ticket, new Date(later.getTime() - 1000))).toEqual({ movieId });
    expect(verifyUploadTicket(secret, ticket, later)).toBeNull();
  });

  it('refuse every altered part, another secret and garbage', () => {
    const [id, expiry, mac] = ticket.split('.');
    const otherId = `${id.slice(0, -1)}${id.endsWith('d') ? 'e' : 'd'}`;
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyUploadTicket(secret, `${otherId}.${expiry}.${mac}`, now)).toBeNull();
    expect(verifyUploadTicket(secret, `${id}.${Number(expiry) + 3600}.${mac}`, now)).toBeNull();
    expect(verifyUploadTicket(secret, `${id}.${expiry}.${flipped}`, now)).toBeNull();
    expect(verifyUploadTicket('y'.repeat(40), ticket, now)).toBeNull();
    for (const bad of ['', 'abc', `${ticket}.x`, `../${ticket}`, `${id}.${expiry}`])
      expect(verifyUploadTicket(secret, bad, now)).toBeNull();
  });
});
