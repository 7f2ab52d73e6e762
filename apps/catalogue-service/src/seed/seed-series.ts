import { GENERATED_POSTER_PREFIX, MovieStatus } from '@app/contracts';
import type { EventBus } from '@app/server-core';
import { normalizeTitle } from '../titles/title-search';
import type { EpisodesRepository, StoredEpisode } from '../series/episodes.repository';
import { announceEpisodes, announceSeries } from '../series/series-events';
import type { SeriesRepository, StoredSeries } from '../series/series.repository';
import type { DemoSeries } from './demo-series';
import { DEMO_INTRO } from './demo-series';
import { seedId } from './seed-catalogue';

const date = (value: string) => new Date(`${value}T00:00:00.000Z`);
const seriesKey = (slug: string) => `seed:series:${slug}`;

/** The demo series as stored: published demo content with its seasons, a generated poster and a stable id. */
export const toNewSeries = (demo: DemoSeries, now: Date): StoredSeries => {
  const _id = seedId(seriesKey(demo.slug));
  return {
    _id,
    title: demo.title,
    titleNormalized: normalizeTitle(demo.title),
    description: demo.description,
    genre: demo.genre,
    genres: [demo.genre],
    rating: demo.rating,
    votes: demo.popularity,
    posterUrl: `${GENERATED_POSTER_PREFIX}${_id.toHexString()}.svg`,
    status: MovieStatus.Published,
    access: demo.access,
    classification: demo.classification,
    descriptors: demo.descriptors,
    firstAirDate: date(demo.firstAirDate),
    language: demo.language,
    creators: demo.creators,
    cast: demo.cast,
    demo: true,
    seasons: demo.seasons.map((season, index) => ({
      number: index + 1,
      title: season.title ?? `Season ${index + 1}`,
      overview: season.overview,
      airDate: date(season.airDate),
    })),
    publishDate: now,
    popularity: demo.popularity,
  };
};

/** Its episodes in play order, a week apart from the season's air date, runtimes a little around the series'. */
export const toNewEpisodes = (demo: DemoSeries): StoredEpisode[] => {
  const seriesId = seedId(seriesKey(demo.slug));
  return demo.seasons.flatMap((season, seasonIndex) =>
    season.episodes.map((title, index) => {
      const seasonNumber = seasonIndex + 1;
      const number = index + 1;
      const airDate = date(season.airDate);
      airDate.setUTCDate(airDate.getUTCDate() + 7 * index);
      return {
        _id: seedId(`${seriesKey(demo.slug)}:s${seasonNumber}e${number}`),
        seriesId,
        seasonNumber,
        number,
        title,
        overview: `${demo.title}, season ${seasonNumber}, episode ${number}.`,
        runtimeMinutes: demo.runtimeMinutes + ((seasonNumber + number) % 3) - 1,
        airDate,
        stillUrl: null,
        intro: { ...DEMO_INTRO },
        mediaReady: false,
        mediaDurationSeconds: null,
        mediaReadyAt: null,
      };
    }),
  );
};

export type SeriesSeedHooks = {
  onProgress?: (done: number) => void;
  /** A series this run inserted (and so published), with its episodes in play order. */
  onInserted?: (series: StoredSeries, episodes: StoredEpisode[]) => Promise<void>;
  /**
   * Episodes of a published series already present that this run inserted, or that still have no media: announced
   * (again), so a sample library made after the catalogue reaches them, as for the seeded films.
   */
  onEpisodes?: (series: StoredSeries, episodes: StoredEpisode[]) => Promise<void>;
};

export type SeriesSeedResult = { added: number; present: number; episodesAdded: number };

/**
 * Idempotent: a series or episode already there (matched by its stable id) is left as it is, admin edits
 * included; only what is missing is inserted.
 */
export const seedSeries = async (
  series: SeriesRepository,
  episodes: EpisodesRepository,
  demos: DemoSeries[],
  { onProgress, onInserted, onEpisodes }: SeriesSeedHooks = {},
  now = new Date(),
): Promise<SeriesSeedResult> => {
  const result: SeriesSeedResult = { added: 0, present: 0, episodesAdded: 0 };
  let done = 0;
  for (const demo of demos) {
    const record = toNewSeries(demo, now);
    const [inserted] = await series.insertMissing([record]);
    const current = inserted ? record : await series.findById(record._id);
    // Episodes only of the seasons the series has: a season an admin removed stays removed.
    const seasons = new Set((current?.seasons ?? []).map((season) => season.number));
    const demoEpisodes = toNewEpisodes(demo).filter((episode) => seasons.has(episode.seasonNumber));
    result.episodesAdded += (await episodes.insertMissing(demoEpisodes)).length;
    if (inserted) {
      result.added += 1;
      await onInserted?.(record, demoEpisodes);
    } else {
      result.present += 1;
      if (current?.status === MovieStatus.Published && onEpisodes) {
        // New episodes have no media yet either: one query finds both.
        const waiting = await episodes.withoutMedia(demoEpisodes.map(({ _id }) => _id));
        if (waiting.length) await onEpisodes(current, waiting);
      }
    }
    onProgress?.((done += 1));
  }
  return result;
};

/** The seed's hooks in production: inserted series are announced with every episode; others' episodes as needed. */
export const announceSeededSeries = (events: EventBus): Required<Omit<SeriesSeedHooks, 'onProgress'>> => ({
  onInserted: (series, episodes) => announceSeries(events, series, episodes),
  onEpisodes: (series, episodes) => announceEpisodes(events, series, episodes),
});
