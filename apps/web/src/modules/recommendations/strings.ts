import { browseStrings } from '@web/modules/movies/browse-strings';
import { movieStrings } from '@web/modules/movies/strings';

/** SPEC 9: the recommended list shows 6 titles. */
export const RECOMMENDED_SHOWN = 6;

/** Texts of the recommendation screens: /recommended, /recommended/{id}, the user home's rows, "More like this". */
export const recommendationStrings = {
  title: 'Recommended for You',
  personalLead: 'Picked for you from what you watched and saved.',
  popularLead: 'Popular on Streamly right now. Watch a few titles and your own picks will appear here.',
  visitorLead: 'Popular on Streamly right now. Sign in and watch a few titles to get picks of your own.',
  similarLead: 'Titles like this one.',
  empty: 'Nothing to recommend yet. New titles are on their way.',
  similarEmpty: 'No similar titles yet.',
  unknownTitle: 'We could not find that title, so there is nothing to compare it with.',
  allRecommendations: 'See all recommendations',
  loading: 'Loading recommendations...',
  failed: movieStrings.failed,
  tryAgain: movieStrings.tryAgain,
  premiumBadge: browseStrings.subscriptionRequired,
  moreLikeThis: 'More like this',
  becauseYouWatched: browseStrings.sections.becauseYouWatched,
  becauseYouWatchedEmpty: browseStrings.becauseYouWatchedEmpty,
  trending: browseStrings.sections.trending,
  trendingEmpty: 'Nothing is trending yet. Check back soon.',
  facts: (rating: string, year: number | null, genre: string) =>
    [rating, year, genre].filter((part) => part !== null && part !== '').join(' · '),
} as const;
