import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { browseStrings, catalogueStrings } from '@web/modules/movies/browse-strings';
import { layoutStrings } from '@web/modules/layout/strings';
import { signInAs, someSections } from '@web/modules/movies/testing/browse-test-kit';
import { viewerData, userDataRoutes } from '@web/modules/user-data/testing/user-data-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { seriesStrings as texts } from '../strings';
import { aSeries, type SeriesData, seriesData, seriesRoutes } from '../testing/series-test-kit';
import { english } from '@web/shared/i18n/english';

describe('TV shows: /tv-shows and the user home search', () => {
  let api: FakeApi;
  let data: SeriesData;

  beforeEach(async () => {
    window.localStorage.clear();
    data = seriesData({
      list: [
        aSeries({ title: 'The Long Monsoon', genres: ['Drama'], seasonCount: 2, firstAirDate: '2021-04-02' }),
        aSeries({
          title: 'Laugh Lines',
          genre: 'Comedy',
          genres: ['Comedy'],
          access: 'premium',
          seasonCount: 1,
        }),
      ],
    });
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === '/api/movies/sections')
        return { status: 200, body: someSections({ popular: [aMovie({ title: 'Monsoon Wedding' })] }) };
      if (url.pathname === '/api/movies')
        return {
          status: 200,
          body: { data: [aMovie({ title: 'Monsoon Wedding' })], page: 1, pageSize: 24, total: 1 },
        };
      if (url.pathname === '/api/movies/genres') return { status: 200, body: ['Drama'] };
      return seriesRoutes(data)(request, url, body) ?? userDataRoutes(viewerData())(request, url, body);
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const listRequests = () => api.requests.filter((path) => path.startsWith('/api/series?'));
  const lastList = () => new URL(`http://x${listRequests().at(-1)}`).searchParams;

  it('lists the series as poster cards that lead to their pages, with access and seasons shown', async () => {
    renderApp({ path: '/tv-shows', apiBaseUrl: api.baseUrl });
    await waitForPage();

    screen.getByRole('heading', { level: 1, name: texts.title });
    const link = await screen.findByRole('link', { name: 'The Long Monsoon' });
    expect(link.getAttribute('href')).toBe(`/tv-shows/${data.list[0].id}`);
    const monsoon = link.closest('article') as HTMLElement;
    within(monsoon).getByText('8.2/10 · 2021 · Drama');
    within(monsoon).getByText('2 seasons');
    const laughs = screen.getByRole('link', { name: 'Laugh Lines' }).closest('article') as HTMLElement;
    within(laughs).getByText(texts.premiumBadge);
    within(laughs).getByText('1 season');
    screen.getByText(english('series:results', { count: 2 }));
    expect(lastList().get('sort')).toBe('popular');
  });

  it('asks the server for the series available in Hindi when the filter is ticked (issue 26)', async () => {
    renderApp({ path: '/tv-shows', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('link', { name: 'Laugh Lines' });
    expect(lastList().get('language')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: catalogueStrings.availableInHindi }));
    await waitFor(() => expect(lastList().get('language')).toBe('hi'));
    fireEvent.click(screen.getByRole('checkbox', { name: catalogueStrings.availableInHindi }));
    await waitFor(() => expect(lastList().get('language')).toBeNull());
  });

  it('searches, filters by the series genres and sorts on the server', async () => {
    renderApp({ path: '/tv-shows', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('link', { name: 'Laugh Lines' });

    const genre = screen.getByRole('combobox', { name: browseStrings.genreFilterLabel });
    await within(genre).findByRole('option', { name: 'Comedy' });
    expect(api.requests).toContain('/api/series/genres');
    fireEvent.change(genre, { target: { value: 'Comedy' } });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'The Long Monsoon' })).toBeNull());
    expect(lastList().get('genre')).toBe('Comedy');

    fireEvent.change(genre, { target: { value: '' } });
    fireEvent.change(screen.getByRole('combobox', { name: texts.sortLabel }), {
      target: { value: 'top-rated' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: texts.searchLabel }), {
      target: { value: 'monsoon' },
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Laugh Lines' })).toBeNull());
    screen.getByRole('link', { name: 'The Long Monsoon' });
    expect(lastList().get('search')).toBe('monsoon');
    expect(lastList().get('sort')).toBe('top-rated');
    expect(lastList().has('genre')).toBe(false);
  });

  it('says so when nothing matches', async () => {
    renderApp({ path: '/tv-shows', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('link', { name: 'Laugh Lines' });

    fireEvent.change(screen.getByRole('searchbox', { name: texts.searchLabel }), {
      target: { value: 'zzz' },
    });

    await screen.findByText(english('browse:noTitlesMatch', { search: 'zzz' }));
  });

  it('an empty catalogue or genre says so, never "matching your search" when nothing was searched', async () => {
    data.list.length = 0;
    api.respond((request, url, body) => {
      if (url.pathname === '/api/movies')
        return { status: 200, body: { data: [], page: 1, pageSize: 24, total: 0 } };
      if (url.pathname === '/api/movies/genres') return { status: 200, body: ['Drama'] };
      return seriesRoutes(data)(request, url, body);
    });
    const { unmount } = renderApp({ path: '/tv-shows', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByText(texts.none);
    expect(screen.queryByText(/matching your search/)).toBeNull();
    unmount();

    renderApp({ path: '/movies?genre=Drama', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByText(english('catalogue:noneInGenre', { genre: 'Drama' }));
    expect(screen.queryByText(/matching your search/)).toBeNull();
  });

  it('keeps the search, genre, sort and page in the URL: a reload and Back return to the same place', async () => {
    data.list.push(...Array.from({ length: 30 }, (_, index) => aSeries({ title: `Drama ${index}` })));
    const { router, unmount } = renderApp({ path: '/tv-shows', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('link', { name: 'Laugh Lines' });

    fireEvent.change(screen.getByRole('combobox', { name: texts.sortLabel }), { target: { value: 'title' } });
    await waitFor(() => expect(router.location.search).toBe('?sort=title'));
    fireEvent.change(screen.getByRole('searchbox', { name: texts.searchLabel }), { target: { value: 'a' } });
    await waitFor(() => expect(router.location.search).toBe('?sort=title&q=a'));
    fireEvent.click(await screen.findByRole('button', { name: /next/i }));
    await waitFor(() => expect(router.location.search).toBe('?sort=title&q=a&page=2'));
    await waitFor(() => expect(lastList().get('page')).toBe('2'));

    // Back: the first page of the same search and sort (typing replaced its entry rather than adding one per key).
    await router.navigate(-1);
    expect(router.location.search).toBe('?sort=title&q=a');
    expect((screen.getByRole('searchbox', { name: texts.searchLabel }) as HTMLInputElement).value).toBe('a');
    await router.navigate(-1);
    expect(router.location.search).toBe('');
    await waitFor(() =>
      expect((screen.getByRole('searchbox', { name: texts.searchLabel }) as HTMLInputElement).value).toBe(''),
    );
    unmount();

    // A reload (the same URL opened afresh) shows the same filters and asks for the same page.
    renderApp({ path: '/tv-shows?q=monsoon&genre=Drama&sort=newest&page=2', apiBaseUrl: api.baseUrl });
    await waitForPage();
    expect((screen.getByRole('searchbox', { name: texts.searchLabel }) as HTMLInputElement).value).toBe(
      'monsoon',
    );
    expect((screen.getByRole('combobox', { name: texts.sortLabel }) as HTMLSelectElement).value).toBe(
      'newest',
    );
    await waitFor(() => expect(lastList().get('page')).toBe('2'));
    expect(lastList().get('search')).toBe('monsoon');
    expect(lastList().get('genre')).toBe('Drama');
    expect(lastList().get('sort')).toBe('newest');
  });

  it('/movies keeps its search, genre, sort and page in the URL too', async () => {
    const { router } = renderApp({
      path: '/movies?q=night&genre=Drama&sort=top-rated&page=3',
      apiBaseUrl: api.baseUrl,
    });
    await waitForPage();

    await waitFor(() =>
      expect(api.requests).toContain(
        '/api/movies?page=3&pageSize=24&search=night&genre=Drama&sort=top-rated',
      ),
    );
    expect(
      (screen.getByRole('searchbox', { name: catalogueStrings.searchLabel }) as HTMLInputElement).value,
    ).toBe('night');
    fireEvent.change(screen.getByRole('combobox', { name: catalogueStrings.sortLabel }), {
      target: { value: 'newest' },
    });
    // A new sort starts at the first page again.
    await waitFor(() => expect(router.location.search).toBe('?q=night&genre=Drama&sort=newest'));
    await router.navigate(-1);
    expect(router.location.search).toBe('?q=night&genre=Drama&sort=top-rated&page=3');
  });

  it("the user home's search shows matching series as their own group", async () => {
    signInAs('user');
    renderApp({ path: '/userdashboard', apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('region', { name: 'Popular Movies' });
    expect(screen.queryByRole('region', { name: texts.searchResults })).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: layoutStrings.header.searchLabel }), {
      target: { value: 'monsoon' },
    });

    const group = await screen.findByRole('region', { name: texts.searchResults });
    expect(within(group).getByRole('link', { name: 'The Long Monsoon' }).getAttribute('href')).toBe(
      `/tv-shows/${data.list[0].id}`,
    );
    expect(within(group).queryByRole('link', { name: 'Laugh Lines' })).toBeNull();
    expect(lastList().get('search')).toBe('monsoon');
    // The movies keep their own group.
    within(screen.getByRole('region', { name: 'Popular Movies' })).getByRole('link', {
      name: 'Monsoon Wedding',
    });
  });
});
