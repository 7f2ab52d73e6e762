import type { WatchTimes } from '../history/history.repository';
import { activityMonths, viewerAnalytics } from './viewer-analytics';

const genres: Record<string, string> = { m1: 'Drama', m2: 'Action', m3: 'Drama', m4: 'Comedy' };
const genreOf = (movieId: string) => genres[movieId] ?? 'Unknown';
const watched = (movieId: string, watchByMonth: Record<string, number>): WatchTimes => ({
  movieId,
  watchByMonth,
  watchTimeSeconds: Object.values(watchByMonth).reduce((sum, seconds) => sum + seconds, 0),
});

describe('viewer analytics', () => {
  it('covers the six calendar months ending with the current one, oldest first, across a year end', () => {
    expect(activityMonths(new Date('2025-02-15T10:00:00Z'))).toEqual([
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ]);
  });

  it('takes the month of the UTC date at the boundaries', () => {
    expect(activityMonths(new Date('2025-07-01T00:00:00.000Z')).at(-1)).toBe('2025-07');
    expect(activityMonths(new Date('2025-06-30T23:59:59.999Z')).at(-1)).toBe('2025-06');
    // The 31st minus five months must not skip a short month.
    expect(activityMonths(new Date('2025-08-31T12:00:00Z'))).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
    ]);
  });

  it('answers an empty state with no history: no genres, six zero months, no time', () => {
    expect(viewerAnalytics([], genreOf, new Date('2025-06-10T00:00:00Z'))).toEqual({
      byGenre: [],
      monthly: ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'].map((month) => ({
        month,
        hours: 0,
      })),
      totalSeconds: 0,
    });
  });

  it('sums watch time by genre, largest first, skipping titles with no watch time', () => {
    const analytics = viewerAnalytics(
      [
        watched('m1', { '2025-06': 3600 }),
        watched('m2', { '2025-06': 5000 }),
        watched('m3', { '2025-05': 1800 }),
        watched('m4', {}),
        watched('unknown-title', { '2025-06': 60 }),
      ],
      genreOf,
      new Date('2025-06-10T00:00:00Z'),
    );
    expect(analytics.byGenre).toEqual([
      { genre: 'Drama', seconds: 5400 },
      { genre: 'Action', seconds: 5000 },
      { genre: 'Unknown', seconds: 60 },
    ]);
    expect(analytics.totalSeconds).toBe(10_460);
  });

  it("counts an episode's watch time under its series' genre, and its months in the activity", () => {
    const episode = (
      episodeId: string,
      seriesId: string,
      watchByMonth: Record<string, number>,
    ): WatchTimes => ({
      ...watched(episodeId, watchByMonth),
      episode: { seriesId, seasonNumber: 1, episodeNumber: 1 },
    });
    const analytics = viewerAnalytics(
      [
        watched('m2', { '2025-06': 1000 }),
        // Episodes of a crime series (s1) and of a comedy (m4 is the comedy's id, as a series' id is a title id).
        episode('e1', 's1', { '2025-06': 1800 }),
        episode('e2', 's1', { '2025-05': 1800 }),
        episode('e3', 'm4', { '2025-06': 600 }),
      ],
      (titleId) => ({ ...genres, s1: 'Crime' })[titleId] ?? 'Unknown',
      new Date('2025-06-10T00:00:00Z'),
    );
    expect(analytics.byGenre).toEqual([
      { genre: 'Crime', seconds: 3600 },
      { genre: 'Action', seconds: 1000 },
      { genre: 'Comedy', seconds: 600 },
    ]);
    expect(analytics.monthly.slice(-2)).toEqual([
      { month: '2025-05', hours: 0.5 },
      { month: '2025-06', hours: 0.9 },
    ]);
    expect(analytics.totalSeconds).toBe(5200);
  });

  it('puts hours per month in their buckets, rounded to 0.1, leaving out months before the window', () => {
    const analytics = viewerAnalytics(
      [
        watched('m1', { '2024-12': 7200, '2025-01': 5400, '2025-06': 1000 }),
        watched('m2', { '2025-06': 800, '2025-04': 179 }),
      ],
      genreOf,
      new Date('2025-06-30T23:59:59Z'),
    );
    expect(analytics.monthly).toEqual([
      { month: '2025-01', hours: 1.5 },
      { month: '2025-02', hours: 0 },
      { month: '2025-03', hours: 0 },
      { month: '2025-04', hours: 0 },
      { month: '2025-05', hours: 0 },
      { month: '2025-06', hours: 0.5 },
    ]);
    // The total is all watch time, the window only bounds the chart.
    expect(analytics.totalSeconds).toBe(7200 + 5400 + 1000 + 800 + 179);
  });
});
