import { RecommendationReason } from '@app/contracts';
import { PickList } from './pick-list';

describe('PickList', () => {
  it('takes each title once, up to the limit, and scores earlier tiers higher', () => {
    const picks = new PickList(4);
    picks.add(
      [
        { movieId: 'a', score: 0.2, basedOn: 'x' },
        { movieId: 'b', score: 0.1, basedOn: 'x' },
      ],
      RecommendationReason.BecauseYouWatched,
    );
    picks.add(
      [
        { movieId: 'b', score: 900 },
        { movieId: 'c', score: 900 },
        { movieId: 'd', score: 300 },
        { movieId: 'e', score: 100 },
      ],
      RecommendationReason.Trending,
    );
    expect(picks.full).toBe(true);
    expect(picks.scored()).toEqual([
      { movieId: 'a', reason: RecommendationReason.BecauseYouWatched, basedOn: 'x', score: 2 },
      { movieId: 'b', reason: RecommendationReason.BecauseYouWatched, basedOn: 'x', score: 1.5 },
      { movieId: 'c', reason: RecommendationReason.Trending, basedOn: null, score: 1 },
      { movieId: 'd', reason: RecommendationReason.Trending, basedOn: null, score: 0.333333 },
    ]);
  });

  it('counts a tier only when it added a title', () => {
    const picks = new PickList(2);
    picks.add([], RecommendationReason.BecauseYouWatched);
    picks.add([{ movieId: 'a', score: 1 }], RecommendationReason.Trending);
    expect(picks.scored()).toEqual([
      { movieId: 'a', reason: RecommendationReason.Trending, basedOn: null, score: 1 },
    ]);
    expect(picks.remaining).toBe(1);
  });
});
