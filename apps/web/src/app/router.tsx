import type { RouteObject } from 'react-router-dom';
import { LandingPage } from '@web/pages/LandingPage';
import { lazyPage } from './lazy-page';
import { Paths } from './paths';
import { RootLayout } from './RootLayout';

// The landing page is the first screen and ships in the entry chunk. The table of every other route is a chunk of
// its own (each page in it its own chunk again): the landing page's first script does not carry it. Those pages
// read namespaces of catalogues.ts (i18n.ts), whose table is fetched beside it rather than after the page.
const SiteRoutes = lazyPage(() => {
  // A failure here is i18next's to meet (and report) when it asks for the table itself.
  import('./catalogues').catch(() => undefined);
  return import('./site-routes');
}, 'SiteRoutes');

/**
 * The app's routes, rendered by `useRoutes` under a `<BrowserRouter>` (main.tsx): the landing page, and every other
 * path through site-routes.tsx (unknown paths included: they go to the landing page from there).
 * The app loads no data through the router (pages reach it through TanStack Query), so it takes React Router's
 * declarative mode: the data router's loaders, actions, fetchers and revalidation would be 17 kB gzip of the landing
 * page's first script that nothing runs (issue 26's budget).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: Paths.landing, element: <LandingPage /> },
      { path: '*', element: <SiteRoutes /> },
    ],
  },
];
