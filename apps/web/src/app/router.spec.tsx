import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { RouteObject } from 'react-router-dom';
import { companyPages } from '@web/modules/company/strings';
import { landingStrings } from '@web/modules/landing/strings';
import { layoutStrings } from '@web/modules/layout/strings';
import { recommendationStrings } from '@web/modules/recommendations/strings';
import { seriesStrings } from '@web/modules/series/strings';
import { pageStrings } from '@web/pages/strings';
import { pageStringsHi } from '@web/pages/strings.hi';
import { renderApp, waitForPage } from '@web/test/render-app';
import { lazyPage } from './lazy-page';
import { Paths } from './paths';
import { routes } from './router';

const Boom = () => {
  throw new Error('boom');
};

/** A page whose chunk cannot be fetched (a deploy replaced it, the network dropped). */
const Unreachable = lazyPage(
  () => Promise.reject<{ Unreachable: () => null }>(new Error('Failed to fetch dynamically imported module')),
  'Unreachable',
);

/** The app's routes plus ones that fail while rendering, under the same root (and its error boundary). */
const withThrowingRoute = (): RouteObject[] => {
  const [root, ...rest] = routes;
  if (root.index) throw new Error('the root route is a layout, not an index route');
  const failing: RouteObject[] = [
    { path: '/boom', element: <Boom /> },
    { path: '/unreachable', element: <Unreachable /> },
  ];
  return [{ ...root, children: [...failing, ...(root.children ?? [])] }, ...rest];
};

const fallback = () => screen.queryByRole('status', { name: pageStrings.loading });

describe('router', () => {
  it('redirects an unknown path to the landing page', async () => {
    const { router } = renderApp({ path: '/no/such/page' });

    // The table of every route but the landing page's is a chunk of its own (site-routes.tsx).
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    await screen.findByRole('heading', { level: 1, name: landingStrings.tagline });
  });

  it("shows 'Unexpected Application Error!' with a way home when a route throws", () => {
    // React and React Router both report the thrown error on the console; this test expects it.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    renderApp({ path: '/boom', routes: withThrowingRoute() });

    screen.getByRole('heading', { name: pageStrings.unexpectedError });
    expect(screen.getByRole('link', { name: pageStrings.backHome }).getAttribute('href')).toBe('/');
  });

  it('leaves the error page for the page the viewer goes to next', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp({ path: '/boom', routes: withThrowingRoute() });

    fireEvent.click(screen.getByRole('link', { name: pageStrings.backHome }));

    screen.getByRole('heading', { level: 1, name: landingStrings.tagline });
    expect(screen.queryByRole('heading', { name: pageStrings.unexpectedError })).toBeNull();
  });

  it('shows the error page in Hindi', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderApp({ path: '/boom', routes: withThrowingRoute() });

    await act(() => i18next.changeLanguage('hi'));

    screen.getByRole('heading', { name: pageStringsHi.unexpectedError });
    screen.getByText(pageStringsHi.unexpectedErrorLine);
    screen.getByRole('link', { name: pageStringsHi.backHome });
    expect(document.title).toBe(`${pageStringsHi.unexpectedError} · Streamly`);
  });

  it('loads a page on demand: the fallback while its chunk loads, then the page', async () => {
    // No other test in this file opens a company page, so its chunk is not loaded yet.
    renderApp({ path: Paths.aboutUs });

    expect(fallback()).not.toBeNull();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();

    await screen.findByRole('heading', { level: 1, name: companyPages.aboutUs.title });
    expect(fallback()).toBeNull();
  });

  it('renders the landing page at once: it ships in the first chunk, with no fallback', () => {
    renderApp({ path: Paths.landing });

    expect(fallback()).toBeNull();
    screen.getByRole('heading', { level: 1, name: landingStrings.tagline });
  });

  it('keeps the current page on screen while the next one loads: a navigation shows no fallback', async () => {
    renderApp({ path: Paths.landing });

    // The contact page's chunk is not loaded yet: no other test in this file opens it.
    fireEvent.click(screen.getByRole('link', { name: layoutStrings.links.contactUs }));

    expect(fallback()).toBeNull();
    screen.getByRole('heading', { level: 1, name: landingStrings.tagline });
    await screen.findByRole('heading', { level: 1, name: companyPages.contactUs.title });
    expect(fallback()).toBeNull();
  });

  it("shows 'Unexpected Application Error!' when a page's chunk cannot be loaded", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    renderApp({ path: '/unreachable', routes: withThrowingRoute() });

    await screen.findByRole('heading', { name: pageStrings.unexpectedError });
  });

  it('serves /tv-shows, the TV-show catalogue, to visitors', async () => {
    const { router } = renderApp({ path: Paths.tvShows });
    await waitForPage();

    expect(router.location.pathname).toBe(Paths.tvShows);
    screen.getByRole('heading', { level: 1, name: seriesStrings.title });
  });

  it.each(['/recommended', '/recommended/7'])('serves %s to visitors too', async (path) => {
    const { router } = renderApp({ path });
    await waitForPage();

    expect(router.location.pathname).toBe(path);
    screen.getByRole('heading', { level: 1, name: recommendationStrings.title });
  });

  it('serves /footer with the footer link groups', async () => {
    const { router } = renderApp({ path: Paths.footer });
    await waitForPage();

    expect(router.location.pathname).toBe(Paths.footer);
    screen.getByRole('contentinfo');
  });
});
