import type { EventPayload } from '@app/contracts';
import { ErrorCode } from '@app/contracts';
import { AppError } from '../errors/app-error';
import { buildEnvelope, decodeEnvelope, decodePayload, ENVELOPE_FIELD, envelopeJson } from './event-envelope';

const published: EventPayload<'movie.published'> = {
  movieId: 'm1',
  title: 'Sholay',
  genre: 'Action',
  publishDate: '2024-01-01',
};

const entryOf = (value: unknown) => [
  ENVELOPE_FIELD,
  typeof value === 'string' ? value : JSON.stringify(value),
];

describe('buildEnvelope', () => {
  it('wraps a valid payload with a fresh id and the time it occurred', () => {
    const now = new Date('2025-03-04T05:06:07.000Z');
    const first = buildEnvelope('movie.published', published, now);
    const second = buildEnvelope('movie.published', published, now);

    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'movie.published',
      occurredAt: '2025-03-04T05:06:07.000Z',
      payload: published,
    });
    expect(second.id).not.toBe(first.id);
  });

  it('drops keys the contract does not know', () => {
    const payload = { ...published, secret: 'x' } as EventPayload<'movie.published'>;
    expect(buildEnvelope('movie.published', payload).payload).toEqual(published);
  });

  it('refuses a payload that breaks the contract, naming the field', () => {
    const payload = { ...published, title: 42 } as unknown as EventPayload<'movie.published'>;
    const attempt = () => buildEnvelope('movie.published', payload);

    expect(attempt).toThrow(AppError);
    expect(attempt).toThrow(/title/);
    try {
      attempt();
    } catch (error) {
      expect((error as AppError).code).toBe(ErrorCode.ValidationFailed);
    }
  });
});

describe('decodeEnvelope', () => {
  const envelope = buildEnvelope('movie.published', published);

  it('reads back what buildEnvelope wrote, wherever the field sits', () => {
    expect(decodeEnvelope(['other', 'x', ...entryOf(envelope)])).toEqual({ ok: true, value: envelope });
  });

  it.each([
    ['a trimmed entry', null, /no longer in the stream/],
    ['no envelope field', ['payload', '{}'], /no "envelope" field/],
    ['text that is not JSON', entryOf('{not json'), /not JSON/],
    ['JSON that is not an object', entryOf('42'), /bad envelope/],
    ['a missing id', entryOf({ ...envelope, id: undefined }), /bad envelope: id/],
    ['an empty type', entryOf({ ...envelope, type: '' }), /bad envelope: type/],
    ['a time that is not ISO', entryOf({ ...envelope, occurredAt: 'yesterday' }), /bad envelope: occurredAt/],
  ])('rejects %s', (_what, fields, reason) => {
    const decoded = decodeEnvelope(fields);
    expect(decoded.ok).toBe(false);
    expect(decoded.ok ? '' : decoded.reason).toMatch(reason);
  });
});

describe('decodePayload', () => {
  it('returns the typed envelope with the parsed payload', () => {
    const envelope = {
      id: 'e1',
      type: 'movie.published',
      occurredAt: '2025-01-01T00:00:00.000Z',
      payload: published,
    };
    expect(decodePayload('movie.published', envelope)).toEqual({ ok: true, value: envelope });
  });

  it.each([
    ['a missing field', { movieId: 'm1', title: 't', genre: 'g' }, /publishDate/],
    ['a wrong type', { ...published, movieId: { $gt: '' } }, /movieId/],
    ['no payload at all', undefined, /\(root\)/],
  ])('rejects %s', (_what, payload, reason) => {
    const decoded = decodePayload('movie.published', {
      id: 'e1',
      type: 'movie.published',
      occurredAt: '2025-01-01T00:00:00Z',
      payload,
    });
    expect(decoded.ok).toBe(false);
    expect(decoded.ok ? '' : decoded.reason).toMatch(reason);
  });
});

describe('envelopeJson', () => {
  it('ignores a field name sitting in a value position', () => {
    expect(envelopeJson(['a', ENVELOPE_FIELD, ENVELOPE_FIELD, 'right'])).toBe('right');
  });
});
