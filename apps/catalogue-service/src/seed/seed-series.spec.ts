import { AdminGenres, CLASSIFICATION_ORDER } from '@app/contracts';
import { DEMO_SERIES } from './demo-series';
import { toNewEpisodes, toNewSeries } from './seed-series';

describe('demo series', () => {
  it('spans the admin genres with free and premium series of two or three seasons of 3–5 episodes', () => {
    expect(DEMO_SERIES).toHaveLength(6);
    expect(new Set(DEMO_SERIES.map((s) => s.genre))).toEqual(new Set(AdminGenres));
    expect(new Set(DEMO_SERIES.map((s) => s.access))).toEqual(new Set(['free', 'premium']));
    for (const demo of DEMO_SERIES) {
      expect(demo.seasons.length).toBeGreaterThanOrEqual(2);
      expect(demo.seasons.length).toBeLessThanOrEqual(3);
      for (const season of demo.seasons) {
        expect(season.episodes.length).toBeGreaterThanOrEqual(3);
        expect(season.episodes.length).toBeLessThanOrEqual(5);
      }
    }
    expect(new Set(DEMO_SERIES.map((s) => s.slug)).size).toBe(DEMO_SERIES.length);
  });

  it('classifies each one, across every class, so a kids profile and an adult one both find some (issue 25)', () => {
    expect(new Set(DEMO_SERIES.map((s) => s.classification))).toEqual(new Set(CLASSIFICATION_ORDER));
    const now = new Date('2025-01-01T00:00:00.000Z');
    expect(toNewSeries(DEMO_SERIES[0], now)).toMatchObject({
      classification: 'UA16',
      descriptors: ['violence', 'language'],
    });
  });

  it('stores a published demo series with numbered seasons and its generated poster', () => {
    const now = new Date('2025-01-01T00:00:00.000Z');
    const series = toNewSeries(DEMO_SERIES[0], now);
    expect(series).toMatchObject({
      status: 'published',
      demo: true,
      publishDate: now,
      posterUrl: `/generated/${series._id.toHexString()}.svg`,
      titleNormalized: 'the monsoon files',
    });
    expect(series.seasons.map((s) => [s.number, s.title])).toEqual([
      [1, 'Season 1'],
      [2, 'Season 2'],
      [3, 'Season 3'],
    ]);
  });

  it('gives every episode a stable id, its place, a runtime and intro markers', () => {
    const demo = DEMO_SERIES[1];
    const first = toNewEpisodes(demo);
    const again = toNewEpisodes(demo);
    expect(again.map((e) => e._id.toHexString())).toEqual(first.map((e) => e._id.toHexString()));
    expect(new Set(first.map((e) => e._id.toHexString())).size).toBe(first.length);
    expect(first.map((e) => `${e.seasonNumber}:${e.number}`).slice(0, 6)).toEqual([
      '1:1',
      '1:2',
      '1:3',
      '1:4',
      '1:5',
      '2:1',
    ]);
    for (const episode of first) {
      expect(episode.seriesId.equals(toNewSeries(demo, new Date())._id)).toBe(true);
      expect(episode.runtimeMinutes).toBeGreaterThan(0);
      expect(episode.intro).toEqual({ startSeconds: 5, endSeconds: 15 });
    }
  });
});
