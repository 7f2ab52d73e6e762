import { Navigate, type RouteObject, useRoutes } from 'react-router-dom';
import { RequireRole } from '@web/modules/auth/components/RequireRole';
import { lazyPage } from './lazy-page';
import { Paths } from './paths';
import { SiteLayout } from './SiteLayout';

// Every page is its own chunk, fetched when a route first needs it.
const AdminDashboardPage = lazyPage(() => import('@web/pages/AdminDashboardPage'), 'AdminDashboardPage');
const AdminLoginPage = lazyPage(() => import('@web/pages/AdminLoginPage'), 'AdminLoginPage');
const CompanyPage = lazyPage(() => import('@web/pages/CompanyPage'), 'CompanyPage');
const ContactUsPage = lazyPage(() => import('@web/pages/ContactUsPage'), 'ContactUsPage');
const CookiePreferencesPage = lazyPage(
  () => import('@web/pages/CookiePreferencesPage'),
  'CookiePreferencesPage',
);
const FooterPage = lazyPage(() => import('@web/pages/FooterPage'), 'FooterPage');
const ForgotPasswordPage = lazyPage(() => import('@web/pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const MovieDetailsPage = lazyPage(() => import('@web/pages/MovieDetailsPage'), 'MovieDetailsPage');
const MoviePage = lazyPage(() => import('@web/pages/MoviePage'), 'MoviePage');
const MoviesPage = lazyPage(() => import('@web/pages/MoviesPage'), 'MoviesPage');
const CategoryPage = lazyPage(() => import('@web/pages/MoviesPage'), 'CategoryPage');
const OAuthSuccessPage = lazyPage(() => import('@web/pages/OAuthSuccessPage'), 'OAuthSuccessPage');
const PaymentSuccessPage = lazyPage(() => import('@web/pages/PaymentSuccessPage'), 'PaymentSuccessPage');
const AccountDeletedPage = lazyPage(() => import('@web/pages/AccountDeletedPage'), 'AccountDeletedPage');
const SeriesListPage = lazyPage(() => import('@web/pages/TvShowsPage'), 'SeriesListPage');
const SeriesPage = lazyPage(() => import('@web/pages/TvShowsPage'), 'SeriesPage');
const SetPasswordPage = lazyPage(() => import('@web/pages/SetPasswordPage'), 'SetPasswordPage');
const SignupPage = lazyPage(() => import('@web/pages/SignupPage'), 'SignupPage');
const SubscriptionPage = lazyPage(() => import('@web/pages/SubscriptionPage'), 'SubscriptionPage');
const UserDashboardPage = lazyPage(() => import('@web/pages/UserDashboardPage'), 'UserDashboardPage');
const MyListPage = lazyPage(() => import('@web/pages/UserDashboardPage'), 'MyListPage');
const RecommendedPage = lazyPage(() => import('@web/pages/UserDashboardPage'), 'RecommendedPage');
const WhoIsWatchingPage = lazyPage(() => import('@web/pages/ProfilesPage'), 'WhoIsWatchingPage');
const ManageProfilesPage = lazyPage(() => import('@web/pages/ProfilesPage'), 'ManageProfilesPage');
const UserLoginPage = lazyPage(() => import('@web/pages/UserLoginPage'), 'UserLoginPage');
const UserProfilePage = lazyPage(() => import('@web/pages/UserProfilePage'), 'UserProfilePage');
const VideoPage = lazyPage(() => import('@web/pages/VideoPage'), 'VideoPage');
const VideoPlayerPage = lazyPage(() => import('@web/pages/VideoPlayerPage'), 'VideoPlayerPage');
const VerifyEmailPage = lazyPage(
  () => import('@web/modules/auth/components/VerifyEmailPage'),
  'VerifyEmailPage',
);

/**
 * Every route of SPEC 2 but the landing page, and the TV shows of issue 13: the routes under router.tsx's `*`, in a
 * chunk of their own (issue 26's budget for the landing page's first script), fetched with the first page that
 * needs them. Paths are absolute: the parent `*` route matches from `/`.
 */
export const siteRoutes: RouteObject[] = [
  // The account screens: the site's header without Sign In, and the footer.
  {
    element: <SiteLayout showSignIn={false} />,
    children: [
      { path: Paths.userLogin, element: <UserLoginPage /> },
      { path: Paths.adminLogin, element: <AdminLoginPage /> },
      { path: Paths.login, element: <UserLoginPage /> },
      { path: Paths.signup, element: <SignupPage /> },
      { path: Paths.forgotPassword, element: <ForgotPasswordPage /> },
      {
        path: Paths.setPassword,
        element: (
          <RequireRole role="user">
            <SetPasswordPage />
          </RequireRole>
        ),
      },
      { path: Paths.oauthSuccess, element: <OAuthSuccessPage /> },
      { path: Paths.verifyEmail, element: <VerifyEmailPage /> },
    ],
  },
  // Every page with the site's header and footer: the signed-in header on each for a signed-in viewer (issue 24).
  {
    element: <SiteLayout />,
    children: [
      {
        path: Paths.userDashboard,
        element: (
          <RequireRole role="user">
            <UserDashboardPage />
          </RequireRole>
        ),
      },
      {
        path: Paths.whoIsWatching,
        element: (
          <RequireRole role="user">
            <WhoIsWatchingPage />
          </RequireRole>
        ),
      },
      {
        path: Paths.manageProfiles,
        element: (
          <RequireRole role="user">
            <ManageProfilesPage />
          </RequireRole>
        ),
      },
      {
        path: Paths.userProfile,
        element: (
          <RequireRole role="user">
            <UserProfilePage />
          </RequireRole>
        ),
      },
      {
        path: Paths.adminDashboard,
        element: (
          <RequireRole role="admin">
            <AdminDashboardPage />
          </RequireRole>
        ),
      },
      { path: Paths.movieDetails, element: <MovieDetailsPage /> },
      { path: Paths.movie, element: <MoviePage /> },
      { path: Paths.video, element: <VideoPage /> },
      { path: Paths.videoPlayer, element: <VideoPlayerPage /> },
      // /recommended and /recommended/{id} (an optional segment); open to visitors, who get popular titles (DECISIONS 12).
      { path: Paths.recommendedFor, element: <RecommendedPage /> },
      { path: Paths.subscription, element: <SubscriptionPage /> },
      { path: Paths.paymentSuccess, element: <PaymentSuccessPage /> },
      { path: Paths.accountDeleted, element: <AccountDeletedPage /> },
      { path: Paths.movies, element: <MoviesPage /> },
      { path: Paths.tvShows, element: <SeriesListPage /> },
      { path: Paths.series, element: <SeriesPage /> },
      {
        path: Paths.myList,
        element: (
          <RequireRole role="user">
            <MyListPage />
          </RequireRole>
        ),
      },
      { path: Paths.categoryAction, element: <CategoryPage category="action" /> },
      { path: Paths.categoryComedy, element: <CategoryPage category="comedy" /> },
      { path: Paths.categoryDrama, element: <CategoryPage category="drama" /> },
      { path: Paths.categorySciFi, element: <CategoryPage category="scifi" /> },
      { path: Paths.footer, element: <FooterPage /> },
      { path: Paths.aboutUs, element: <CompanyPage page="aboutUs" /> },
      { path: Paths.contactUs, element: <ContactUsPage /> },
      { path: Paths.careers, element: <CompanyPage page="careers" /> },
      { path: Paths.press, element: <CompanyPage page="press" /> },
      { path: Paths.helpCenter, element: <CompanyPage page="helpCenter" /> },
      { path: Paths.privacyPolicy, element: <CompanyPage page="privacyPolicy" /> },
      { path: Paths.termsOfUse, element: <CompanyPage page="termsOfUse" /> },
      { path: Paths.cookiePreferences, element: <CookiePreferencesPage /> },
      { path: Paths.corporateInformation, element: <CompanyPage page="corporateInformation" /> },
    ],
  },
  // DECISIONS 25: unknown paths go to the landing page.
  { path: '*', element: <Navigate to={Paths.landing} replace /> },
];

/** What router.tsx renders for any path but the landing page's. */
export const SiteRoutes = () => useRoutes(siteRoutes);
