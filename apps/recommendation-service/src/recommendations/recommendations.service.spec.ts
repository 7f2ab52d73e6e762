import { ErrorCode, RecommendationReason, RecommendationSource } from '@app/contracts';
import type { InteractionState } from '../interactions/interaction-rules';
import type { InteractionsService } from '../interactions/interactions.service';
import type { ItemCatalogue } from '../items/item-catalogue';
import type { CatalogueItem } from '../items/item.mapper';
import type { ModelStore } from '../model-build/model-store';
import type { ScoredItem } from '../model';
import type { Ranked } from '../trending/trending-rules';
import type { TrendingService } from '../trending/trending.service';
import { RecommendationsService } from './recommendations.service';

const userId = 'u'.repeat(24);
const id = (n: number) => n.toString(16).padStart(24, '0');

const item = (n: number, overrides: Partial<CatalogueItem> = {}): CatalogueItem => ({
  kind: 'movie',
  movieId: id(n),
  title: `Title ${n}`,
  genre: 'Drama',
  genreKey: 'drama',
  posterUrl: `/posters/${n}.svg`,
  rating: 7,
  access: 'free',
  director: null,
  cast: [],
  releaseYear: 2010,
  classification: 'U',
  publishedAt: n,
  recommendable: true,
  ...overrides,
});

const comedy = { genre: 'Comedy', genreKey: 'comedy' };
const series = { kind: 'series' as const };

const entry = (n: number, overrides: Partial<InteractionState> = {}): InteractionState => ({
  userId,
  profileId: userId,
  movieId: id(n),
  version: 1,
  watchedFraction: 1,
  finished: true,
  favorite: false,
  favoriteAt: 0,
  paid: false,
  strength: 3,
  at: 1_000 + n,
  ...overrides,
});

const setup = (items: CatalogueItem[]) => {
  const byId = new Map(items.map((each) => [each.movieId, each]));
  const catalogue = {
    get: (movieId: string) => byId.get(movieId),
    isRecommendable: (movieId: string) => byId.get(movieId)?.recommendable === true,
    recent: () =>
      [...items]
        .filter((each) => each.recommendable)
        .sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0)),
  };
  const interactions = { profileOf: jest.fn(async (): Promise<InteractionState[]> => []) };
  const trending = { ranking: jest.fn(async (): Promise<Ranked[]> => []) };
  const models = {
    forViewer: jest.fn((): ScoredItem[] => []),
    similar: jest.fn((): ScoredItem[] => []),
    popular: jest.fn((): ScoredItem[] => []),
  };
  const service = new RecommendationsService(
    catalogue as unknown as ItemCatalogue,
    interactions as unknown as InteractionsService,
    trending as unknown as TrendingService,
    models as unknown as ModelStore,
  );
  return { service, interactions, trending, models };
};

const ids = (list: { items: Array<{ movie_id: string }> }) => list.items.map((each) => each.movie_id);

describe('RecommendationsService', () => {
  describe('cold start', () => {
    it('gives a visitor trending titles, then the model’s popular ones, then the newest, as "Trending now"', async () => {
      const { service, trending, models, interactions } = setup([item(1), item(2), item(3), item(4)]);
      trending.ranking.mockResolvedValue([{ movieId: id(2), score: 9 }]);
      models.popular.mockReturnValue([{ movieId: id(1), score: 5, basedOn: null }]);
      const list = await service.recommend({ userId: null, limit: 4 });
      expect(list.source).toBe(RecommendationSource.Popular);
      expect(ids(list)).toEqual([id(2), id(1), id(4), id(3)]);
      expect(list.items.every((each) => each.reason === RecommendationReason.Trending)).toBe(true);
      expect(list.items[0]).toMatchObject({
        reasonText: 'Trending now',
        basedOnMovieId: null,
        title: 'Title 2',
      });
      const scores = list.items.map((each) => each.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      expect(interactions.profileOf).not.toHaveBeenCalled();
    });

    it('shows a fresh install the newest published titles, never drafts', async () => {
      const { service } = setup([item(1), item(2, { recommendable: false }), item(3)]);
      expect(ids(await service.recommend({ userId: null, limit: 10 }))).toEqual([id(3), id(1)]);
    });

    it('treats a viewer whose profile holds no evidence as new, but still leaves out what they watched', async () => {
      const { service, interactions } = setup([item(1), item(2)]);
      interactions.profileOf.mockResolvedValue([entry(2, { strength: 0 })]);
      const list = await service.recommend({ userId, limit: 10 });
      expect(list.source).toBe(RecommendationSource.Popular);
      expect(ids(list)).toEqual([id(1)]);
    });
  });

  describe('a viewer with history', () => {
    it('puts the model’s picks first, because you watched the title behind each', async () => {
      const { service, interactions, models } = setup([item(1), item(2), item(3)]);
      interactions.profileOf.mockResolvedValue([entry(1)]);
      models.forViewer.mockReturnValue([{ movieId: id(3), score: 0.4, basedOn: id(1) }]);
      const list = await service.recommend({ userId, limit: 1 });
      expect(list).toEqual({
        source: RecommendationSource.Personal,
        items: [
          {
            movie_id: id(3),
            score: expect.any(Number),
            reason: RecommendationReason.BecauseYouWatched,
            reasonText: 'Because you watched Title 1',
            basedOnMovieId: id(1),
            title: 'Title 3',
            posterUrl: '/posters/3.svg',
            genre: 'Drama',
            rating: 7,
            access: 'free',
            releaseYear: 2010,
            kind: 'movie',
          },
        ],
      });
      expect(models.forViewer).toHaveBeenCalledWith(
        [{ movieId: id(1), strength: 3, at: 1_001 }],
        expect.anything(),
      );
    });

    it('fills a short history with the popular titles of their favourite genre, then trending', async () => {
      const { service, interactions, trending } = setup([
        item(1, comedy),
        item(2, comedy),
        item(3),
        item(4),
        item(5, comedy),
      ]);
      // Two comedies outweigh one drama.
      interactions.profileOf.mockResolvedValue([entry(1), entry(2), entry(3, { strength: 4 })]);
      trending.ranking.mockResolvedValue([
        { movieId: id(4), score: 10 },
        { movieId: id(5), score: 1 },
      ]);
      const list = await service.recommend({ userId, limit: 5 });
      expect(list.source).toBe(RecommendationSource.Personal);
      expect(list.items.map((each) => [each.movie_id, each.reason, each.reasonText])).toEqual([
        [id(5), RecommendationReason.PopularInGenre, 'Popular in Comedy'],
        [id(4), RecommendationReason.Trending, 'Trending now'],
      ]);
    });

    it('never offers what the viewer finished, is watching or has in their profile; offers a mere sample', async () => {
      const { service, interactions, models } = setup([item(1), item(2), item(3), item(4), item(5)]);
      interactions.profileOf.mockResolvedValue([
        entry(1),
        entry(2, { finished: false, watchedFraction: 0.5, strength: 2 }),
        entry(3, { finished: false, watchedFraction: 0, favorite: true, strength: 2 }),
        entry(4, { finished: false, watchedFraction: 0.01, strength: 0 }),
      ]);
      const list = await service.recommend({ userId, limit: 10 });
      expect(ids(list).sort()).toEqual([id(4), id(5)]);
      const [, { exclude, isCandidate }] = models.forViewer.mock.calls[0] as unknown as [
        unknown,
        { exclude: ReadonlySet<string>; isCandidate: (movieId: string) => boolean },
      ];
      expect([...exclude].sort()).toEqual([id(1), id(2), id(3)]);
      expect(isCandidate(id(2))).toBe(false);
    });

    it('keeps the model from offering unpublished titles or titles of another genre', async () => {
      const { service, interactions, models } = setup([
        item(1),
        item(2, { recommendable: false }),
        item(3, comedy),
        item(4),
      ]);
      interactions.profileOf.mockResolvedValue([entry(1)]);
      models.forViewer.mockImplementation(((
        _profile: unknown,
        { isCandidate }: { isCandidate: (movieId: string) => boolean },
      ) =>
        [id(2), id(3), id(4)]
          .filter(isCandidate)
          .map((movieId) => ({ movieId, score: 1, basedOn: id(1) }))) as never);
      expect(ids(await service.recommend({ userId, limit: 10, genre: ' DRAMA ' }))).toEqual([id(4)]);
    });
  });

  describe('series (issue 13: one item each)', () => {
    it('answers every list with each item’s kind', async () => {
      const { service, trending, interactions, models } = setup([item(1), item(2, series), item(3)]);
      trending.ranking.mockResolvedValue([
        { movieId: id(2), score: 5 },
        { movieId: id(3), score: 4 },
      ]);
      const kinds = (list: { items: Array<{ movie_id: string; kind: string }> }) =>
        list.items.map((each) => [each.movie_id, each.kind]);
      expect(kinds(await service.trendingList({ limit: 2 }))).toEqual([
        [id(2), 'series'],
        [id(3), 'movie'],
      ]);
      interactions.profileOf.mockResolvedValue([entry(1)]);
      models.forViewer.mockReturnValue([{ movieId: id(2), score: 1, basedOn: id(1) }]);
      expect(kinds(await service.recommend({ userId, limit: 1 }))).toEqual([[id(2), 'series']]);
    });

    it('answers "more like this" for a series, leaving the series itself out', async () => {
      const { service, models } = setup([item(1, series), item(2, series), item(3)]);
      models.similar.mockImplementation(((
        _item: unknown,
        { isCandidate }: { isCandidate: (movieId: string) => boolean },
      ) =>
        [id(1), id(3)]
          .filter(isCandidate)
          .map((movieId) => ({ movieId, score: 0.5, basedOn: id(1) }))) as never);
      const list = await service.similar({ movieId: id(1), limit: 10 });
      expect(models.similar).toHaveBeenCalledWith(
        expect.objectContaining({ movieId: id(1), kind: 'series' }),
        {
          limit: 10,
          isCandidate: expect.any(Function),
        },
      );
      expect(list.items.map((each) => [each.movie_id, each.kind, each.reasonText])).toEqual([
        [id(3), 'movie', 'More like Title 1'],
        [id(2), 'series', 'Popular in Drama'],
      ]);
    });
  });

  describe('trending', () => {
    it('filters by genre, whatever its case', async () => {
      const { service, trending } = setup([item(1), item(2, comedy), item(3, comedy)]);
      trending.ranking.mockResolvedValue([
        { movieId: id(1), score: 3 },
        { movieId: id(2), score: 2 },
      ]);
      const list = await service.trendingList({ limit: 10, genre: 'comedy' });
      expect(list.source).toBe(RecommendationSource.Popular);
      expect(ids(list)).toEqual([id(2), id(3)]);
    });

    it('skips trending titles that are no longer published', async () => {
      const { service, trending } = setup([item(1, { recommendable: false }), item(2)]);
      trending.ranking.mockResolvedValue([{ movieId: id(1), score: 3 }]);
      expect(ids(await service.trendingList({ limit: 10 }))).toEqual([id(2)]);
    });
  });

  describe('more like this', () => {
    it('lists the neighbours as "More like", then popular titles of the same genre', async () => {
      const { service, models } = setup([item(1), item(2), item(3), item(4, comedy)]);
      models.similar.mockReturnValue([{ movieId: id(2), score: 0.5, basedOn: id(1) }]);
      const list = await service.similar({ movieId: id(1), limit: 10 });
      expect(
        list.items.map((each) => [each.movie_id, each.reason, each.reasonText, each.basedOnMovieId]),
      ).toEqual([
        [id(2), RecommendationReason.Similar, 'More like Title 1', id(1)],
        [id(3), RecommendationReason.PopularInGenre, 'Popular in Drama', null],
      ]);
    });

    it.each([
      ['unknown', 9],
      ['not published', 1],
    ])('answers NotFound for a title that is %s', async (_, n) => {
      const { service } = setup([item(1, { recommendable: false })]);
      await expect(service.similar({ movieId: id(n), limit: 10 })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Movie not found',
      });
    });
  });
});
