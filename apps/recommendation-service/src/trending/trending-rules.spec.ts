import { TRENDING_HALF_LIFE_HOURS, TRENDING_WINDOW_DAYS } from '@app/contracts';
import { countsAt, dayOf, playWeight, rankPlays, trendingDays } from './trending-rules';

const HOUR = 3_600_000;
const now = Date.UTC(2025, 5, 10, 18, 0);

describe('trending rules', () => {
  it('buckets plays by UTC day', () => {
    expect(dayOf(Date.UTC(2025, 5, 10, 23, 59))).toBe('2025-06-10');
    expect(dayOf(Date.UTC(2025, 5, 11, 0, 0))).toBe('2025-06-11');
  });

  it('weighs a play, read back with its day, as 2^((t − now) / half-life)', () => {
    for (const at of [now, now - 5 * HOUR, now - 30 * HOUR, now - 6 * 24 * HOUR]) {
      const day = trendingDays(now).find((bucket) => bucket.day === dayOf(at));
      expect((day?.weight ?? 0) * playWeight(at)).toBeCloseTo(
        2 ** ((at - now) / (TRENDING_HALF_LIFE_HOURS * HOUR)),
        12,
      );
    }
  });

  it('reads today and the TRENDING_WINDOW_DAYS days before it', () => {
    const days = trendingDays(now).map(({ day }) => day);
    expect(days).toHaveLength(TRENDING_WINDOW_DAYS + 1);
    expect(days[0]).toBe('2025-06-10');
    expect(days.at(-1)).toBe('2025-06-03');
  });

  it('counts plays inside the window only, never from the future', () => {
    expect(countsAt(now - HOUR, now)).toBe(true);
    expect(countsAt(Date.UTC(2025, 5, 3, 0, 0), now)).toBe(true);
    expect(countsAt(Date.UTC(2025, 5, 2, 23, 59), now)).toBe(false);
    expect(countsAt(now + 1, now)).toBe(false);
    expect(countsAt(Number.NaN, now)).toBe(false);
  });

  it('ranks by decayed plays: one play today beats one from days ago, many old ones can beat it', () => {
    const ranked = rankPlays(
      [
        { day: '2025-06-10', entries: [['today', playWeight(now - HOUR)]] },
        {
          day: '2025-06-06',
          entries: [
            ['old', 3 * playWeight(Date.UTC(2025, 5, 6, 12))],
            ['older', 1],
          ],
        },
        // Outside the window: ignored.
        { day: '2025-05-01', entries: [['ancient', 1_000]] },
      ],
      now,
    );
    expect(ranked.map(({ movieId }) => movieId)).toEqual(['today', 'old', 'older']);
    expect(
      rankPlays(
        [
          { day: '2025-06-06', entries: [['old', 10]] },
          { day: '2025-06-10', entries: [['today', 1]] },
        ],
        now,
      )[0].movieId,
    ).toBe('old');
  });
});
