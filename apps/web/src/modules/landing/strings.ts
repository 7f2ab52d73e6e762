/** Texts of the landing page (namespace `landing`, issue 26). */
export const landingStrings = {
  documentTitle: 'Streamly: watch movies and TV shows online',
  tagline: 'Unlimited movies, TV shows and more',
  /** The price comes formatted in the language shown (`formatInr`). */
  pricing: 'Starts at {{price}}. Cancel at any time.',
  getStartedPrompt: 'Ready to watch? Enter your email to create your membership.',
  emailLabel: 'Email address',
  emailPlaceholder: 'Email address',
  getStarted: 'Get Started',
  trendingNow: 'Trending Now',
} as const;
