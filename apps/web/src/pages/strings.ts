/**
 * Titles and one-line notes for screens still being built. When a screen is built, its strings move
 * to its feature's strings.ts and its entry leaves this list.
 */
export const comingSoonPages = {
  userLogin: { title: 'Sign In', line: 'Signing in is almost ready. Your watchlist will be waiting.' },
  adminLogin: { title: 'Admin Sign In', line: 'The admin sign-in is almost ready.' },
  login: { title: 'Sign in to watch', line: 'Sign in or join Streamly to start watching. Almost ready.' },
  signup: { title: 'Create your account', line: 'Sign-up opens very soon. Thanks for your patience.' },
  forgotPassword: { title: 'Reset your password', line: 'Password reset is almost ready.' },
  setPassword: { title: 'Set your password', line: 'Setting a password is almost ready.' },
  oauthSuccess: { title: 'Signing you in', line: 'Sign-in with Google is almost ready.' },
  userDashboard: { title: 'Home', line: 'Your home screen is getting its finishing touches.' },
  userProfile: { title: 'Your profile', line: 'Your profile, history and favourites are on their way.' },
  adminDashboard: { title: 'Admin', line: 'The admin dashboard is on its way.' },
  movieDetails: { title: 'Movie details', line: 'Full details for this title are on their way.' },
  movie: { title: 'Movie', line: 'This title’s page is on its way.' },
  video: { title: 'Now playing', line: 'The player is almost ready. Grab the popcorn.' },
  videoPlayer: { title: 'Player', line: 'The player is almost ready. Grab the popcorn.' },
  recommended: { title: 'Recommended for You', line: 'Picks made for you are on their way.' },
  subscription: { title: 'Choose Your Plan', line: 'Plans start at ₹149. Subscribing opens very soon.' },
  paymentSuccess: { title: 'Payment', line: 'Payment confirmation is on its way.' },
  movies: { title: 'Movies', line: 'The full movie catalogue is on its way.' },
  tvShows: { title: 'TV Shows', line: 'Series and seasons are on their way.' },
  myList: { title: 'My List', line: 'Your list is on its way.' },
  categoryAction: { title: 'Action', line: 'Action titles are on their way.' },
  categoryComedy: { title: 'Comedy', line: 'Comedy titles are on their way.' },
  categoryDrama: { title: 'Drama', line: 'Drama titles are on their way.' },
  categorySciFi: { title: 'Sci-Fi', line: 'Sci-fi titles are on their way.' },
  aboutUs: { title: 'About Us', line: 'Our story is coming soon.' },
  contactUs: { title: 'Contact Us', line: 'Our contact form is coming soon.' },
  careers: { title: 'Careers', line: 'Open positions will be listed here soon.' },
  press: { title: 'Press', line: 'News and media contacts are coming soon.' },
  helpCenter: { title: 'Help Center', line: 'Answers to common questions are coming soon.' },
  privacyPolicy: { title: 'Privacy Policy', line: 'Our privacy policy is coming soon.' },
  termsOfUse: { title: 'Terms of Use', line: 'Our terms of use are coming soon.' },
  cookiePreferences: { title: 'Cookie Preferences', line: 'Cookie settings are coming soon.' },
  corporateInformation: { title: 'Corporate Information', line: 'Company information is coming soon.' },
} as const;
export type ComingSoonKey = keyof typeof comingSoonPages;

export const pageStrings = {
  documentTitle: (title: string) => `${title} · Streamly`,
  comingSoonBadge: 'Coming soon',
  backHome: 'Back to home',
  unexpectedError: 'Unexpected Application Error!',
  unexpectedErrorLine: 'Something went wrong on our side. Please try again in a moment.',
  footerTitle: 'Site links',
} as const;
