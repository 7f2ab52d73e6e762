import type { EpisodeProgressFacts } from './series';
import {
  EpisodeInputSchema,
  episodeLabel,
  isEpisodeFinished,
  nextEpisodeAfter,
  nextUp,
  nextUpLabel,
  SeasonParamsSchema,
  SeriesMessages,
} from './series';

const episode = (seasonNumber: number, number: number) => ({
  id: `s${seasonNumber}e${number}`,
  seasonNumber,
  number,
});
// Deliberately out of order: the rules sort by season, then number.
const episodes = [episode(2, 1), episode(1, 2), episode(1, 1), episode(2, 2), episode(1, 3)];

const watched = (
  id: string,
  lastWatchedAt: string,
  finished: boolean,
  positionSeconds = finished ? 1_300 : 400,
): EpisodeProgressFacts => ({
  episodeId: id,
  positionSeconds,
  durationSeconds: 1_400,
  lastWatchedAt,
  finished,
});

describe('episodeLabel', () => {
  it('says season and episode as S1:E2', () => {
    expect(episodeLabel({ seasonNumber: 1, number: 2 })).toBe('S1:E2');
    expect(episodeLabel({ seasonNumber: 12, number: 105 })).toBe('S12:E105');
  });
});

describe('nextEpisodeAfter', () => {
  it('is the next number in the same season', () => {
    expect(nextEpisodeAfter(episodes, { seasonNumber: 1, number: 1 })?.id).toBe('s1e2');
  });

  it("crosses into the next season after a season's last episode", () => {
    expect(nextEpisodeAfter(episodes, { seasonNumber: 1, number: 3 })?.id).toBe('s2e1');
  });

  it('skips gaps in numbering and seasons', () => {
    const gappy = [episode(1, 1), episode(1, 4), episode(3, 2)];
    expect(nextEpisodeAfter(gappy, { seasonNumber: 1, number: 1 })?.id).toBe('s1e4');
    expect(nextEpisodeAfter(gappy, { seasonNumber: 1, number: 4 })?.id).toBe('s3e2');
  });

  it('is null after the last episode', () => {
    expect(nextEpisodeAfter(episodes, { seasonNumber: 2, number: 2 })).toBeNull();
  });
});

describe('isEpisodeFinished (over 90 %)', () => {
  it.each([
    [1_260, 1_400, true],
    [1_259, 1_400, false],
    [1_400, 1_400, true],
    [500, null, false],
    [10, 0, false],
  ])('%p of %p s is finished: %p', (position, duration, finished) => {
    expect(isEpisodeFinished(position, duration)).toBe(finished);
  });
});

describe('nextUp', () => {
  it('plays S1:E1 when nothing was watched', () => {
    const up = nextUp(episodes, []);
    expect(up).toEqual({ action: 'play', episode: episode(1, 1) });
    expect(nextUpLabel(up!)).toBe('Play S1:E1');
  });

  it('resumes the episode last watched when it is not finished', () => {
    const up = nextUp(episodes, [
      watched('s1e1', '2026-11-01T10:00:00.000Z', true),
      watched('s2e1', '2026-11-03T10:00:00.000Z', false),
      watched('s1e2', '2026-11-02T10:00:00.000Z', true),
    ]);
    expect(up?.episode.id).toBe('s2e1');
    expect(nextUpLabel(up!)).toBe('Resume S2:E1');
  });

  it('offers the next episode, across seasons, when the last one watched is finished', () => {
    const up = nextUp(episodes, [watched('s1e3', '2026-11-03T10:00:00.000Z', true)]);
    expect(up?.episode.id).toBe('s2e1');
    expect(nextUpLabel(up!)).toBe('Play next: S2:E1');
  });

  it('starts over at S1:E1 when the series is finished', () => {
    const up = nextUp(episodes, [watched('s2e2', '2026-11-03T10:00:00.000Z', true)]);
    expect(up).toEqual({ action: 'play', episode: episode(1, 1) });
  });

  it('ignores progress of episodes the series no longer has', () => {
    const up = nextUp(episodes, [watched('gone', '2026-11-09T10:00:00.000Z', false)]);
    expect(up?.action).toBe('play');
  });

  it('is null for a series without episodes', () => {
    expect(nextUp([], [])).toBeNull();
  });
});

describe('EpisodeInputSchema', () => {
  const valid = { number: 1, title: 'Pilot' };

  it('takes intro markers that end after they start', () => {
    const parsed = EpisodeInputSchema.parse({ ...valid, intro: { startSeconds: 5, endSeconds: 20 } });
    expect(parsed.intro).toEqual({ startSeconds: 5, endSeconds: 20 });
  });

  it.each([
    { startSeconds: 20, endSeconds: 20 },
    { startSeconds: 30, endSeconds: 10 },
    { startSeconds: 0, endSeconds: 601 },
  ])('refuses intro %p', (intro) => {
    const result = EpisodeInputSchema.safeParse({ ...valid, intro });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(SeriesMessages.introOrder);
  });

  it.each([
    { ...valid, number: 0 },
    { ...valid, number: '2' },
    { ...valid, title: { $gt: '' } },
    { ...valid, x: 1 },
  ])('refuses %p', (input) => {
    expect(EpisodeInputSchema.safeParse(input).success).toBe(false);
  });
});

describe('SeasonParamsSchema', () => {
  it('reads the season number from the path', () => {
    expect(SeasonParamsSchema.parse({ id: 'a'.repeat(24), season: '2' })).toEqual({
      id: 'a'.repeat(24),
      season: 2,
    });
  });

  it.each(['0', '101', 'one', '1.5'])('refuses season %p', (season) => {
    expect(SeasonParamsSchema.safeParse({ id: 'a'.repeat(24), season }).success).toBe(false);
  });
});
