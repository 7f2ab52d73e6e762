import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { comingSoonPages, pageStrings } from '@web/pages/strings';
import { renderApp } from '@web/test/render-app';
import { Paths } from './paths';
import { routes } from './router';

const Boom = () => {
  throw new Error('boom');
};

/** The app's routes plus one that throws while rendering, under the same root (and its errorElement). */
const withThrowingRoute = (): RouteObject[] => {
  const [root, ...rest] = routes;
  if (root.index) throw new Error('the root route is a layout, not an index route');
  return [{ ...root, children: [{ path: '/boom', element: <Boom /> }, ...(root.children ?? [])] }, ...rest];
};

describe('router', () => {
  it('redirects an unknown path to the landing page', () => {
    const { router } = renderApp({ path: '/no/such/page' });

    expect(router.state.location.pathname).toBe('/');
  });

  it("shows 'Unexpected Application Error!' with a way home when a route throws", () => {
    // React and React Router both report the thrown error on the console; this test expects it.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);

    renderApp({ path: '/boom', routes: withThrowingRoute() });

    expect(screen.getByRole('heading', { name: pageStrings.unexpectedError })).toBeTruthy();
    expect(screen.getByRole('link', { name: pageStrings.backHome }).getAttribute('href')).toBe('/');
  });

  // User-only pages are served behind the route guard (see modules/auth RequireRole.spec.tsx).
  const guarded = new Set<string>(['userDashboard', 'userProfile']);
  it.each(Object.entries(Paths).filter(([key]) => key in comingSoonPages && !guarded.has(key)))('serves %s (%s)', (key, path) => {
    const concrete = path.replace(':id', '42');
    const { router } = renderApp({ path: concrete });

    expect(router.state.location.pathname).toBe(concrete);
    const { title } = comingSoonPages[key as keyof typeof comingSoonPages];
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it('serves /recommended/:id', () => {
    renderApp({ path: '/recommended/7' });

    expect(screen.getByRole('heading', { level: 1, name: comingSoonPages.recommended.title })).toBeTruthy();
  });

  it('serves /footer with the footer link groups', () => {
    const { router } = renderApp({ path: Paths.footer });

    expect(router.state.location.pathname).toBe(Paths.footer);
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });
});
