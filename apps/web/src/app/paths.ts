import { generatePath } from 'react-router-dom';

/** Every route of the app (SPEC 2). The router and every link use these. */
export const Paths = {
  landing: '/',
  userLogin: '/userlogin',
  adminLogin: '/adminlogin',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  setPassword: '/set-password',
  oauthSuccess: '/oauth-success',
  /** The link of the verification mail (DECISIONS 33). */
  verifyEmail: '/verify-email',
  /** "Who's watching?" after sign-in, and Manage Profiles (issue 25). */
  whoIsWatching: '/profiles',
  manageProfiles: '/profiles/manage',
  userDashboard: '/userdashboard',
  userProfile: '/userprofile',
  adminDashboard: '/admindashboard',
  movieDetails: '/moviedetails/:id',
  movie: '/movie/:id',
  video: '/video',
  videoPlayer: '/video-player',
  recommended: '/recommended',
  /** Also matches /recommended: one route serves both (SPEC 2). */
  recommendedFor: '/recommended/:id?',
  subscription: '/subscription',
  paymentSuccess: '/payment-success',
  /** Where deleting the account lands: it says the account is gone (issue 24). */
  accountDeleted: '/account-deleted',
  movies: '/movies',
  tvShows: '/tv-shows',
  series: '/tv-shows/:id',
  myList: '/my-list',
  categoryAction: '/category/action',
  categoryComedy: '/category/comedy',
  categoryDrama: '/category/drama',
  categorySciFi: '/category/scifi',
  footer: '/footer',
  aboutUs: '/aboutus',
  contactUs: '/contactus',
  careers: '/careers',
  press: '/press',
  helpCenter: '/helpcenter',
  privacyPolicy: '/privacypolicy',
  termsOfUse: '/termsofuse',
  cookiePreferences: '/cookiepreferences',
  corporateInformation: '/corporateinformation',
} as const;
export type PathKey = keyof typeof Paths;

/** The user home's search term in its URL (`/userdashboard?q=`), so the header's search box can lead there. */
export const DASHBOARD_SEARCH_PARAM = 'q';

/** The profile whose PIN "Who's watching?" asks for at once (`/profiles?profile=`). */
export const CHOSEN_PROFILE_PARAM = 'profile';

/** Concrete URLs for the routes that take parameters. */
export const toPath = {
  movieDetails: (id: string) => generatePath(Paths.movieDetails, { id }),
  movie: (id: string) => generatePath(Paths.movie, { id }),
  series: (id: string) => generatePath(Paths.series, { id }),
  recommendedFor: (id: string) => generatePath(Paths.recommendedFor, { id }),
  /** The user home, searching for `term` when there is one. */
  dashboardSearch: (term: string) =>
    term
      ? `${Paths.userDashboard}?${new URLSearchParams({ [DASHBOARD_SEARCH_PARAM]: term })}`
      : Paths.userDashboard,
  /** "Who's watching?", opening the PIN of `profileId` at once (the header's switch to a locked profile). */
  chooseProfile: (profileId: string) =>
    `${Paths.whoIsWatching}?${new URLSearchParams({ [CHOSEN_PROFILE_PARAM]: profileId })}`,
  /** Sign-up, carrying the email from the landing page when there is one (SPEC 2). */
  signup: (email?: string) => {
    const trimmed = email?.trim();
    return trimmed ? `${Paths.signup}?${new URLSearchParams({ email: trimmed })}` : Paths.signup;
  },
} as const;
