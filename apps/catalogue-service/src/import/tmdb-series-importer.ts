import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import {
  accessForRating,
  GENERATED_POSTER_PREFIX,
  MAX_EPISODE_NUMBER,
  MAX_SEASON_NUMBER,
  MovieStatus,
} from '@app/contracts';
import { EventBus } from '@app/server-core';
import { MovieListCache } from '../movies/movie-list.cache';
import { normalizeTitle } from '../movies/title';
import { EpisodesRepository, ImportedEpisode } from '../series/episodes.repository';
import { announceEpisodes, announceSeries } from '../series/series-events';
import { ImportedSeries, SeriesRepository, StoredSeries } from '../series/series.repository';
import { genresOf, positive, tmdbDate, tmdbRating } from './tmdb-fields';
import { TmdbClient, TmdbSeasonDetail, TmdbShowDetail } from './tmdb.client';

export type SeriesImportResult = { seen: number; added: number; updated: number; episodesAdded: number };

const inRange = (value: number, max: number) => Number.isInteger(value) && value >= 1 && value <= max;

/**
 * Fills the catalogue's series from a TMDB-compatible API: the popular shows, then each show, its seasons
 * (`/tv/{id}/season/{n}`) and their episodes. Idempotent: series are upserted on the TMDB id, seasons added
 * only when missing, episodes upserted on (series, season, number), so a second run adds nothing. Admin-owned
 * fields (status, access, intro markers) are kept; specials (season 0) are left out.
 */
@Injectable()
export class TmdbSeriesImporter {
  constructor(
    private readonly tmdb: TmdbClient,
    private readonly series: SeriesRepository,
    private readonly episodes: EpisodesRepository,
    private readonly listCache: MovieListCache,
    private readonly events: EventBus,
  ) {}

  get configured() {
    return this.tmdb.configured;
  }

  async run({
    pages = 1,
    onTotal,
    onProgress,
  }: {
    pages?: number;
    onTotal?: (total: number) => void;
    onProgress?: (done: number) => void;
  } = {}): Promise<SeriesImportResult> {
    const genres = await this.tmdb.genres('tv');
    const ids = new Set<number>();
    for (let page = 1; page <= pages; page += 1) {
      const { ids: found, totalPages } = await this.tmdb.popularShowIds(page);
      found.forEach((id) => ids.add(id));
      if (page >= totalPages) break;
    }
    onTotal?.(ids.size);
    const result: SeriesImportResult = { seen: ids.size, added: 0, updated: 0, episodesAdded: 0 };
    let done = 0;
    for (const id of ids) {
      const added = await this.importShow(await this.tmdb.show(id), genres);
      if (added.inserted) result.added += 1;
      else result.updated += 1;
      result.episodesAdded += added.episodes;
      onProgress?.((done += 1));
    }
    await this.listCache.invalidate();
    return result;
  }

  private async importShow(show: TmdbShowDetail, genres: Map<number, string>) {
    const { series: upserted, inserted } = await this.series.upsertImported(this.toImported(show, genres));
    let series = upserted;
    if (inserted && !show.poster_path) {
      const generated = `${GENERATED_POSTER_PREFIX}${series._id.toHexString()}.svg`;
      series = (await this.series.update(series._id.toHexString(), { posterUrl: generated })) ?? series;
    }
    const added: Types.ObjectId[] = [];
    const seasonNumbers = show.seasons
      .map((season) => season.season_number)
      .filter((number) => inRange(number, MAX_SEASON_NUMBER));
    for (const number of [...new Set(seasonNumbers)].sort((a, b) => a - b)) {
      const season = await this.tmdb.season(show.id, number);
      series = await this.ensureSeason(series, number, season);
      added.push(...(await this.episodes.upsertImported(series._id, this.toEpisodes(number, season))));
    }
    // Announced as stored (its generated poster and every episode included); a known series only its new episodes.
    if (series.status === MovieStatus.Published) {
      const episodes = await this.episodes.ofSeries(series._id);
      if (inserted) await announceSeries(this.events, series, episodes);
      else if (added.length) {
        const isNew = new Set(added.map((id) => id.toHexString()));
        await announceEpisodes(
          this.events,
          series,
          episodes.filter((episode) => isNew.has(episode._id.toHexString())),
        );
      }
    }
    return { inserted, episodes: added.length };
  }

  /** Adds the season when missing; otherwise refreshes its source fields. */
  private async ensureSeason(series: StoredSeries, number: number, season: TmdbSeasonDetail) {
    const fields = {
      title: season.name?.trim() || `Season ${number}`,
      overview: season.overview?.trim() ?? '',
      airDate: tmdbDate(season.air_date),
    };
    const stored =
      (await this.series.addSeason(series._id, { number, ...fields })) ??
      (await this.series.updateSeason(series._id, number, fields));
    return stored ?? series;
  }

  toImported(show: TmdbShowDetail, genreNames: Map<number, string>): ImportedSeries {
    const genres = genresOf(show.genres, genreNames);
    const rating = tmdbRating(show.vote_average);
    return {
      tmdbId: show.id,
      refresh: {
        title: show.name,
        titleNormalized: normalizeTitle(show.name),
        description: show.overview?.trim() || show.name,
        genre: genres[0],
        genres,
        rating,
        votes: show.vote_count ?? null,
        firstAirDate: tmdbDate(show.first_air_date),
        language: show.original_language ?? null,
        creators: show.created_by.map((creator) => creator.name),
        // Same scale as the movies': how many people rated it.
        popularity: show.vote_count ?? 0,
        ...(show.poster_path ? { posterUrl: this.tmdb.posterUrl(show.poster_path) } : {}),
      },
      onInsert: {
        status: MovieStatus.Published,
        access: accessForRating(rating),
        publishDate: new Date(),
        cast: [],
        demo: false,
        seasons: [],
        // Replaced by the series' generated poster once its id is known.
        ...(show.poster_path ? {} : { posterUrl: GENERATED_POSTER_PREFIX }),
      },
    };
  }

  private toEpisodes(seasonNumber: number, season: TmdbSeasonDetail): ImportedEpisode[] {
    const seen = new Set<number>();
    return season.episodes.flatMap((episode) => {
      const number = episode.episode_number;
      if (!inRange(number, MAX_EPISODE_NUMBER) || seen.has(number)) return [];
      seen.add(number);
      const runtime = positive(episode.runtime);
      return [
        {
          seasonNumber,
          number,
          refresh: {
            title: episode.name?.trim() || `Episode ${number}`,
            overview: episode.overview?.trim() ?? '',
            runtimeMinutes: runtime ? Math.round(runtime) : null,
            airDate: tmdbDate(episode.air_date),
            // Stills at the posters' width.
            stillUrl: episode.still_path ? this.tmdb.posterUrl(episode.still_path) : null,
            tmdbId: episode.id,
          },
        },
      ];
    });
  }
}
