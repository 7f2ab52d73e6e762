import type { ReactNode } from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  type Location,
  type NavigateFunction,
  type NavigateOptions,
  type To,
  UNSAFE_createMemoryHistory as createMemoryHistory,
} from 'react-router-dom';

type TestHistory = ReturnType<typeof createMemoryHistory>;

/**
 * The router of a rendered app, for a test: where it is now, a way to go elsewhere (Back included), and the
 * history the app itself navigates through (a test may hold a navigation there).
 */
export type TestRouter = { readonly location: Location; navigate: NavigateFunction; history: TestHistory };

/**
 * A router in memory opened at `path`: MemoryRouter's history, held here so a test can read and move it.
 * `router.location` is where the app is going, at once, as the address bar shows it; the page follows in a transition.
 */
export const memoryRouterAt = (path: string) => {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  const go = (to: To | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') history.go(to);
    else if (options.replace) history.replace(to, options.state);
    else history.push(to, options.state);
  };
  const router: TestRouter = {
    get location() {
      return history.location;
    },
    navigate: go as NavigateFunction,
    history,
  };
  const wrap = (app: ReactNode) => <HistoryRouter history={history}>{app}</HistoryRouter>;
  return { router, wrap };
};
