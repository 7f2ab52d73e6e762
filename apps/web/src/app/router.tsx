import { createBrowserRouter, type DataRouter, Navigate, type RouteObject } from 'react-router-dom';
import { ComingSoonPage } from '@web/pages/ComingSoonPage';
import { FooterPage } from '@web/pages/FooterPage';
import { LandingPage } from '@web/pages/LandingPage';
import { RouteErrorPage } from '@web/pages/RouteErrorPage';
import type { ComingSoonKey } from '@web/pages/strings';
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
      comingSoon('userLogin'),
      comingSoon('adminLogin'),
      comingSoon('login'),
      comingSoon('signup'),
      comingSoon('forgotPassword'),
      comingSoon('setPassword'),
      comingSoon('oauthSuccess'),
      comingSoon('userDashboard'),
      comingSoon('userProfile'),
      comingSoon('adminDashboard'),
      comingSoon('movieDetails'),
      comingSoon('movie'),
      comingSoon('video'),
      comingSoon('videoPlayer'),
      comingSoon('recommended'),
      { path: Paths.recommendedFor, element: <ComingSoonPage page="recommended" /> },
      comingSoon('subscription'),
      comingSoon('paymentSuccess'),
      comingSoon('movies'),
      comingSoon('tvShows'),
      comingSoon('myList'),
      comingSoon('categoryAction'),
      comingSoon('categoryComedy'),
      comingSoon('categoryDrama'),
      comingSoon('categorySciFi'),
      { path: Paths.footer, element: <FooterPage /> },
      comingSoon('aboutUs'),
      comingSoon('contactUs'),
      comingSoon('careers'),
      comingSoon('press'),
      comingSoon('helpCenter'),
      comingSoon('privacyPolicy'),
      comingSoon('termsOfUse'),
      comingSoon('cookiePreferences'),
      comingSoon('corporateInformation'),
      // DECISIONS 25: unknown paths go to the landing page.
      { path: '*', element: <Navigate to={Paths.landing} replace /> },
    ],
  },
];

export const createAppRouter = (): DataRouter => createBrowserRouter(routes);
