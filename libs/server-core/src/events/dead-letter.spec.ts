import { deadLetterFields, DeadLetterReason, isPoison } from './dead-letter';
import { ENVELOPE_FIELD } from './event-envelope';

describe('isPoison', () => {
  it.each([
    [1, false],
    [4, false],
    [5, true],
    [6, true],
  ])('after a failed handler on delivery %p of 5: %p', (deliveries, poison) => {
    expect(isPoison(deliveries, 5, true)).toBe(poison);
  });

  it.each([
    [5, false],
    [6, true],
  ])('before handling delivery %p of 5 (its consumers died mid-handler): %p', (deliveries, poison) => {
    expect(isPoison(deliveries, 5, false)).toBe(poison);
  });

  it('with one allowed delivery, a first failure is final', () => {
    expect(isPoison(1, 1, true)).toBe(true);
  });
});

describe('deadLetterFields', () => {
  const base = {
    group: 'user-data-service',
    messageId: '1-0',
    reason: DeadLetterReason.HandlerFailed,
    error: 'boom',
    deliveries: 5,
  };
  const asRecord = (fields: string[]) =>
    Object.fromEntries(fields.flatMap((value, i) => (i % 2 === 0 ? [[value, fields[i + 1]]] : [])));

  it('keeps the original envelope text and says who gave up on it, why and when', () => {
    const fields = deadLetterFields(
      { ...base, fields: ['x', '1', ENVELOPE_FIELD, '{"id":"e1"}'] },
      new Date('2025-01-02T03:04:05.000Z'),
    );
    expect(asRecord(fields)).toEqual({
      [ENVELOPE_FIELD]: '{"id":"e1"}',
      group: 'user-data-service',
      messageId: '1-0',
      reason: 'handler-failed',
      error: 'boom',
      deliveries: '5',
      deadAt: '2025-01-02T03:04:05.000Z',
    });
  });

  it('records an empty envelope when the entry had none', () => {
    expect(asRecord(deadLetterFields({ ...base, fields: null }))[ENVELOPE_FIELD]).toBe('');
    expect(asRecord(deadLetterFields({ ...base, fields: ['junk', '1'] }))[ENVELOPE_FIELD]).toBe('');
  });
});
