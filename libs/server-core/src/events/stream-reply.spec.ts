import { deliveriesById, entriesOfRead, parseAutoClaim } from './stream-reply';

describe('entriesOfRead', () => {
  it('flattens an XREADGROUP reply, keeping trimmed entries as null fields', () => {
    expect(
      entriesOfRead([
        [
          'events',
          [
            ['1-0', ['envelope', '{}']],
            ['2-0', null],
          ],
        ],
      ]),
    ).toEqual([
      { id: '1-0', fields: ['envelope', '{}'] },
      { id: '2-0', fields: null },
    ]);
  });

  it('reads a timed-out block as no entries', () => {
    expect(entriesOfRead(null)).toEqual([]);
  });
});

describe('parseAutoClaim', () => {
  it('reads the Redis 7 reply (cursor, entries, deleted ids)', () => {
    expect(parseAutoClaim(['5-0', [['3-0', ['envelope', '{}']]], ['4-0']])).toEqual({
      cursor: '5-0',
      entries: [{ id: '3-0', fields: ['envelope', '{}'] }],
    });
  });

  it('reads the Redis 6.2 reply (no deleted ids)', () => {
    expect(parseAutoClaim(['0-0', []])).toEqual({ cursor: '0-0', entries: [] });
  });

  it.each([[[1, []]], [['0-0', 'x']], [['0-0', [[1, []]]]], [['0-0', [['1-0', [2]]]]]])(
    'rejects %j',
    (reply) => {
      expect(() => parseAutoClaim(reply)).toThrow(/unexpected/);
    },
  );
});

describe('deliveriesById', () => {
  it('maps XPENDING rows to delivery counts', () => {
    expect(
      deliveriesById([
        ['1-0', 'c1', 120, 3],
        ['2-0', 'c2', 5, 1],
      ]),
    ).toEqual(
      new Map([
        ['1-0', 3],
        ['2-0', 1],
      ]),
    );
  });

  it('rejects rows without a count', () => {
    expect(() => deliveriesById([['1-0', 'c1', 120]])).toThrow(/unexpected/);
  });
});
