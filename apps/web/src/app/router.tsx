import { createBrowserRouter, type DataRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireRole } from '@web/modules/auth/components/RequireRole';
import { AdminDashboardPage } from '@web/pages/AdminDashboardPage';
import { AdminLoginPage } from '@web/pages/AdminLoginPage';
import { ComingSoonPage } from '@web/pages/ComingSoonPage';
import { CompanyPage } from '@web/pages/CompanyPage';
import { ContactUsPage } from '@web/pages/ContactUsPage';
import { CookiePreferencesPage } from '@web/pages/CookiePreferencesPage';
import { FooterPage } from '@web/pages/FooterPage';
import { ForgotPasswordPage } from '@web/pages/ForgotPasswordPage';
import { LandingPage } from '@web/pages/LandingPage';
import { MovieDetailsPage } from '@web/pages/MovieDetailsPage';
import { MoviePage } from '@web/pages/MoviePage';
import { CategoryPage, MoviesPage } from '@web/pages/MoviesPage';
import { OAuthSuccessPage } from '@web/pages/OAuthSuccessPage';
import { RouteErrorPage } from '@web/pages/RouteErrorPage';
import { SetPasswordPage } from '@web/pages/SetPasswordPage';
import { SignupPage } from '@web/pages/SignupPage';
import type { ComingSoonKey } from '@web/pages/strings';
import { UserDashboardPage } from '@web/pages/UserDashboardPage';
import { UserLoginPage } from '@web/pages/UserLoginPage';
import { Paths } from './paths';
import { RootLayout } from './RootLayout';

const comingSoon = (page: ComingSoonKey & keyof typeof Paths): RouteObject => ({
  path: Paths[page],
  element: <ComingSoonPage page={page} />,
});

/** Every route of SPEC 2. Screens still to be built show a coming-soon page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: Paths.landing, element: <LandingPage /> },
      { path: Paths.userLogin, element: <UserLoginPage /> },
      { path: Paths.adminLogin, element: <AdminLoginPage /> },
      { path: Paths.login, element: <UserLoginPage /> },
      { path: Paths.signup, element: <SignupPage /> },
      { path: Paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: Paths.setPassword, element: <RequireRole role="user"><SetPasswordPage /></RequireRole> },
      { path: Paths.oauthSuccess, element: <OAuthSuccessPage /> },
      { path: Paths.userDashboard, element: <RequireRole role="user"><UserDashboardPage /></RequireRole> },
      { path: Paths.userProfile, element: <RequireRole role="user"><ComingSoonPage page="userProfile" /></RequireRole> },
      { path: Paths.adminDashboard, element: <RequireRole role="admin"><AdminDashboardPage /></RequireRole> },
      { path: Paths.movieDetails, element: <MovieDetailsPage /> },
      { path: Paths.movie, element: <MoviePage /> },
      comingSoon('video'),
      comingSoon('videoPlayer'),
      comingSoon('recommended'),
      { path: Paths.recommendedFor, element: <ComingSoonPage page="recommended" /> },
      comingSoon('subscription'),
      comingSoon('paymentSuccess'),
      { path: Paths.movies, element: <MoviesPage /> },
      comingSoon('tvShows'),
      comingSoon('myList'),
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
      // DECISIONS 25: unknown paths go to the landing page.
      { path: '*', element: <Navigate to={Paths.landing} replace /> },
    ],
  },
];

export const createAppRouter = (): DataRouter => createBrowserRouter(routes);
