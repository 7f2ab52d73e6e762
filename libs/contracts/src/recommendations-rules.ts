// No zod here: the web's recommendation screens import the limits and reason texts, and must not pull zod into
// their chunk with them. The schemas are in recommendations.ts, which re-exports this file.

/** How many items `POST /recommend` answers when the caller names no limit, and the most it answers. */
export const RECOMMENDATION_DEFAULT_LIMIT = 12;
export const RECOMMENDATION_MAX_LIMIT = 50;
/** Trending counts what was watched in this many days, newer views weighing more (half-life below). */
export const TRENDING_WINDOW_DAYS = 7;
export const TRENDING_HALF_LIFE_HOURS = 48;

/** Why an item is recommended (issue 12). */
export const RecommendationReason = {
  /** Collaborative: people who watched `basedOn` also watched this. */
  BecauseYouWatched: 'because-you-watched',
  /** Content or co-watching neighbour of the title a "More like this" list is for. */
  Similar: 'similar',
  /** Cold start with a known taste: the most popular titles of a genre the viewer likes. */
  PopularInGenre: 'popular-in-genre',
  /** Cold start (visitors, no history): watched most in the last TRENDING_WINDOW_DAYS, else the most popular. */
  Trending: 'trending',
} as const;
export type RecommendationReason = (typeof RecommendationReason)[keyof typeof RecommendationReason];

/** Where a list came from: `personal` when the viewer's own history drove it, `popular` for the cold start. */
export const RecommendationSource = { Personal: 'personal', Popular: 'popular' } as const;
export type RecommendationSource = (typeof RecommendationSource)[keyof typeof RecommendationSource];

/** The reason as people read it; the server sends it in `reasonText` and the web shows it as is. */
export const reasonText = (
  reason: RecommendationReason,
  basedOn: { title: string } | null,
  genre: string | null,
): string => {
  switch (reason) {
    case RecommendationReason.BecauseYouWatched:
      return `Because you watched ${basedOn?.title ?? 'a title you liked'}`;
    case RecommendationReason.Similar:
      return `More like ${basedOn?.title ?? 'this'}`;
    case RecommendationReason.PopularInGenre:
      return `Popular in ${genre ?? 'your genres'}`;
    case RecommendationReason.Trending:
      return 'Trending now';
  }
};
