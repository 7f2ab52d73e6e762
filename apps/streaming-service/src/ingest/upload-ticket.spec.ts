import { signUploadTicket, verifyUploadTicket } from './upload-ticket';

const secret = 'x'.repeat(40);
const movieId = '65f1c0ffee0123456789abcd';
const now = new Date('2026-01-01T10:00:00Z');
const later = new Date(now.getTime() + 15 * 60_000);

describe('upload tickets', () => {
  const ticket = signUploadTicket(secret, movieId, later);
  const ticketId = ticket.split('.')[2];

  it('name their movie, their own id and their expiry until they expire', () => {
    expect(ticket).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(verifyUploadTicket(secret, ticket, now)).toEqual({
      movieId,
      ticketId,
      expiresAt: later,
      purpose: { kind: 'video' },
    });
    expect(verifyUploadTicket(secret, ticket, new Date(later.getTime() - 1000))).toMatchObject({ movieId });
    expect(verifyUploadTicket(secret, ticket, later)).toBeNull();
  });

  it('are each distinct, even two for one movie in the same second (each is good for one upload)', () => {
    const again = signUploadTicket(secret, movieId, later);
    expect(again).not.toEqual(ticket);
    expect(verifyUploadTicket(secret, again, now)?.ticketId).not.toEqual(ticketId);
  });

  it('refuse every altered part, another secret and garbage', () => {
    const [id, expiry, nonce, mac] = ticket.split('.');
    const otherId = `${id.slice(0, -1)}${id.endsWith('d') ? 'e' : 'd'}`;
    const otherNonce = `${nonce.slice(0, -1)}${nonce.endsWith('A') ? 'B' : 'A'}`;
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyUploadTicket(secret, `${otherId}.${expiry}.${nonce}.${mac}`, now)).toBeNull();
    expect(verifyUploadTicket(secret, `${id}.${Number(expiry) + 3600}.${nonce}.${mac}`, now)).toBeNull();
    expect(verifyUploadTicket(secret, `${id}.${expiry}.${otherNonce}.${mac}`, now)).toBeNull();
    expect(verifyUploadTicket(secret, `${id}.${expiry}.${nonce}.${flipped}`, now)).toBeNull();
    expect(verifyUploadTicket('y'.repeat(40), ticket, now)).toBeNull();
    for (const bad of ['', 'abc', `${ticket}.x`, `../${ticket}`, `${id}.${expiry}`, `${id}.${expiry}.${mac}`])
      expect(verifyUploadTicket(secret, bad, now)).toBeNull();
  });

  it("carry an audio track's language and label, signed with the rest (issue 26)", () => {
    const purpose = { kind: 'audio', language: 'hi', label: 'हिन्दी (डब)' } as const;
    const audio = signUploadTicket(secret, movieId, later, purpose);
    expect(audio).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(verifyUploadTicket(secret, audio, now)).toMatchObject({ movieId, purpose });
    const unlabelled = signUploadTicket(secret, movieId, later, { ...purpose, label: null });
    expect(verifyUploadTicket(secret, unlabelled, now)?.purpose).toEqual({ ...purpose, label: null });

    // Another language, or the purpose dropped (a video link made of an audio one), breaks the MAC.
    expect(verifyUploadTicket(secret, unlabelled.replace('.a-hi.', '.a-en.'), now)).toBeNull();
    expect(verifyUploadTicket(secret, unlabelled.replace('.a-hi.', '.'), now)).toBeNull();
    const [id, expiry, nonce, mac] = ticket.split('.');
    expect(verifyUploadTicket(secret, `${id}.${expiry}.${nonce}.a-hi.${mac}`, now)).toBeNull();
  });
});
