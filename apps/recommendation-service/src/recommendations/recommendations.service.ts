import { Injectable } from '@nestjs/common';
import type {
  Classification,
  RecommendationList,
  RecommendationSource as Source,
  SimilarQuery,
  TrendingQuery,
} from '@app/contracts';
import { isWithinCeiling, MovieMessages, RecommendationReason, RecommendationSource } from '@app/contracts';
import { AppError, viewerCeiling, viewerOf } from '@app/server-core';
import { isWatched } from '../interactions/interaction-rules';
import { InteractionsService } from '../interactions/interactions.service';
import { ItemCatalogue } from '../items/item-catalogue';
import type { CatalogueItem } from '../items/item.mapper';
import { genreKey } from '../items/item.mapper';
import { ModelStore } from '../model-build/model-store';
import { TrendingService } from '../trending/trending.service';
import { PickList } from './pick-list';
import { toRecommendationItem } from './recommendation.mapper';

export type RecommendQuery = TrendingQuery & { userId: string | null };
export type SimilarRequest = SimilarQuery & { movieId: string };

type IsCandidate = (movieId: string) => boolean;

/** The entries of a best-first list that pass, read only as far as the list being filled needs. */
function* candidatesOf<T extends { movieId: string }>(ranked: Iterable<T>, isCandidate: IsCandidate) {
  for (const entry of ranked) if (isCandidate(entry.movieId)) yield entry;
}

/** A best-first list with no scores of its own, scored by rank. */
function* byRank(ranked: Iterable<{ movieId: string }>) {
  let rank = 0;
  for (const { movieId } of ranked) yield { movieId, score: 1 / (1 + rank++) };
}

/** The genre a viewer's profile leans to most (by strength); ties go to the alphabetically first. */
const favouriteGenre = (taste: Array<{ item: CatalogueItem; strength: number }>): string => {
  const totals = new Map<string, number>();
  for (const { item, strength } of taste)
    totals.set(item.genreKey, (totals.get(item.genreKey) ?? 0) + strength);
  return [...totals].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))[0][0];
};

/**
 * The lists (issue 12): a viewer's own ("because you watched"), Trending Now, and "More like this". Everything is
 * answered from memory and Redis: the viewer's profile (one hash), the catalogue and the model in this process,
 * the trending counts (cached for seconds). Only published titles are ever offered; premium ones with their access.
 * A viewer is a profile of an account (DECISIONS 36, the session's, never a client field), and no list offers a
 * title above its ceiling (DECISIONS 37): every candidate passes `candidates`, which checks it.
 */
@Injectable()
export class RecommendationsService {
  constructor(
    private readonly catalogue: ItemCatalogue,
    private readonly interactions: InteractionsService,
    private readonly trending: TrendingService,
    private readonly models: ModelStore,
  ) {}

  /**
   * A visitor, or a viewer with nothing to go on: the popular row. Otherwise the model's picks from the viewer's
   * profile, then the popular titles of their favourite genre (or the genre asked for), then the popular row. Titles
   * the viewer finished, is watching (Continue Watching has them) or otherwise has in their profile are left out.
   */
  async recommend({ userId, limit, genre }: RecommendQuery): Promise<RecommendationList> {
    const profile = userId ? await this.interactions.profileOf(viewerOf(userId)) : [];
    const taste = profile.flatMap((entry) => {
      const item = entry.strength > 0 ? this.catalogue.get(entry.movieId) : undefined;
      return item ? [{ item, strength: entry.strength, at: entry.at }] : [];
    });
    const excluded = new Set(
      profile.filter((entry) => entry.strength > 0 || isWatched(entry)).map((entry) => entry.movieId),
    );
    const picks = new PickList(limit);
    const isCandidate = this.candidates(genre, excluded, picks);

    if (taste.length === 0) {
      await this.addPopular(picks, isCandidate, RecommendationReason.Trending);
      return this.answer(picks, RecommendationSource.Popular);
    }
    picks.add(
      this.models.forViewer(
        taste.map(({ item, strength, at }) => ({ movieId: item.movieId, strength, at })),
        { limit, exclude: excluded, isCandidate },
      ),
      RecommendationReason.BecauseYouWatched,
    );
    if (!picks.full) {
      const inGenre = this.candidates(genre ?? favouriteGenre(taste), excluded, picks);
      await this.addPopular(picks, inGenre, RecommendationReason.PopularInGenre);
    }
    if (!picks.full) await this.addPopular(picks, isCandidate, RecommendationReason.Trending);
    return this.answer(picks, RecommendationSource.Personal);
  }

  /** Trending Now, optionally of one genre. */
  async trendingList({ limit, genre }: TrendingQuery): Promise<RecommendationList> {
    const picks = new PickList(limit);
    await this.addPopular(picks, this.candidates(genre, new Set(), picks), RecommendationReason.Trending);
    return this.answer(picks, RecommendationSource.Popular);
  }

  /** "More like this": the title's neighbours, then popular titles of its genre. NotFound unless it is published. */
  async similar({ movieId, limit }: SimilarRequest): Promise<RecommendationList> {
    const item = this.findPublishedOrFail(movieId);
    const picks = new PickList(limit);
    const isCandidate = this.candidates(undefined, new Set([movieId]), picks);
    picks.add(this.models.similar(item, { limit, isCandidate }), RecommendationReason.Similar);
    if (!picks.full) {
      await this.addPopular(
        picks,
        this.candidates(item.genre, new Set([movieId]), picks),
        RecommendationReason.PopularInGenre,
      );
    }
    return this.answer(picks, RecommendationSource.Popular);
  }

  /** NotFound unless published and within the profile's ceiling: above it, a title does not exist for it. */
  private findPublishedOrFail(movieId: string): CatalogueItem {
    const item = this.catalogue.get(movieId);
    if (!item?.recommendable || !isWithinCeiling(item.classification, viewerCeiling()))
      throw AppError.notFound(MovieMessages.notFound);
    return item;
  }

  /**
   * Published, within the request's profile's ceiling, of the genre (case-insensitive) when one is asked for, not
   * excluded, not picked already.
   */
  private candidates(genre: string | undefined, excluded: ReadonlySet<string>, picks: PickList): IsCandidate {
    const wanted = genre === undefined ? null : genreKey(genre);
    const ceiling: Classification | null = viewerCeiling();
    return (movieId) => {
      if (excluded.has(movieId) || picks.has(movieId)) return false;
      const item = this.catalogue.get(movieId);
      return (
        item !== undefined &&
        item.recommendable &&
        isWithinCeiling(item.classification, ceiling) &&
        (wanted === null || item.genreKey === wanted)
      );
    };
  }

  /**
   * The popular row: trending in the window, then the model's popularity (all-time, recent weighing more), then
   * the most recently published titles, so even a fresh install with no viewing shows a row.
   */
  private async addPopular(picks: PickList, isCandidate: IsCandidate, reason: RecommendationReason) {
    const trending = await this.trending.ranking();
    picks.add(candidatesOf(trending, isCandidate), reason);
    if (picks.full) return;
    picks.add(this.models.popular({ limit: picks.remaining, isCandidate }), reason);
    if (picks.full) return;
    picks.add(byRank(candidatesOf(this.catalogue.recent(), isCandidate)), reason);
  }

  private answer(picks: PickList, source: Source): RecommendationList {
    const items = picks.scored().flatMap((pick) => {
      const item = this.catalogue.get(pick.movieId);
      const basedOn = pick.basedOn === null ? undefined : this.catalogue.get(pick.basedOn);
      return item ? [toRecommendationItem(item, pick, basedOn)] : [];
    });
    return { items, source };
  }
}
