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
  moreLikeThis: 'More like this',
  trendingEmpty: 'Nothing is trending yet. Check back soon.',
} as const;
