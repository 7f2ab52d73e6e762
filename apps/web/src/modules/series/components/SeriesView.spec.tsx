import type { Episode } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { paymentStrings } from '@web/modules/payments/strings';
import { anEntitlement } from '@web/modules/payments/testing/payments-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { userDataStrings } from '@web/modules/user-data/strings';
import { renderApp, waitForPage } from '@web/test/render-app';
import { seriesStrings as texts } from '../strings';
import { seriesStringsHi } from '../strings.hi';
import {
  aShow,
  episodeAt,
  progressIn,
  SERIES_ID,
  type SeriesData,
  seriesData,
  seriesRoutes,
  USER_ID,
} from '../testing/series-test-kit';
import { english } from '@web/shared/i18n/english';
import { formatInr } from '@web/shared/i18n/format';

const freeToWatch = () =>
  anEntitlement({
    movieId: SERIES_ID,
    access: 'free',
    canWatch: true,
    reason: 'free',
    waysIn: { plans: [], purchaseInr: null, rentalInr: null },
  });

describe('series page (/tv-shows/:id)', () => {
  let api: FakeApi;
  let data: SeriesData;
  const show = aShow();

  beforeEach(async () => {
    window.localStorage.clear();
    data = seriesData({ shows: [show], entitlement: freeToWatch() });
    api = await startFakeApi((request, url, body) => seriesRoutes(data)(request, url, body));
  });

  afterEach(async () => {
    await api.close();
  });

  const open = async (id = SERIES_ID) => {
    const view = renderApp({ path: `/tv-shows/${id}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    await screen.findByRole('heading', { level: 1, name: 'The Long Monsoon' });
    return view;
  };
  /** A fact of the series' facts list, by its term. */
  const fact = (term: string) =>
    screen.getByText(term, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;
  const episodes = () => screen.getByRole('region', { name: /^Episodes of / });
  const seasonSelect = () => within(episodes()).getByRole('combobox', { name: texts.seasonLabel });
  const episodeItem = (title: string) =>
    within(episodes())
      .getAllByRole('listitem')
      .find((item) => within(item).queryByRole('heading', { name: new RegExp(title) })) as HTMLElement;

  it('adds the series to My List (issue 13: My List holds series too)', async () => {
    await api.close();
    const added: unknown[] = [];
    api = await startFakeApi((request, url, body) => {
      if (url.pathname === `/api/users/${USER_ID}/favorites`) {
        if (request.method === 'GET') return { status: 200, body: [] };
        added.push(body);
        const favorite = {
          id: SERIES_ID,
          movieId: SERIES_ID,
          title: show.title,
          posterUrl: show.posterUrl,
          genre: show.genre,
          rating: show.rating,
          addedAt: '2026-11-01T10:00:00.000Z',
          kind: 'series',
        };
        return { status: 201, body: favorite };
      }
      return seriesRoutes(data)(request, url, body);
    });
    signInAs('user');
    await open();
    fireEvent.click(await screen.findByRole('button', { name: userDataStrings.addToFavorites }));
    await screen.findByRole('button', { name: userDataStrings.favoriteButtonDone });
    expect(added).toEqual([{ movieId: SERIES_ID }]);
  });

  it("shows the series' facts, its first season's episodes and Play S1:E1, which plays that episode", async () => {
    signInAs('user');
    const { router } = await open();

    expect(fact(texts.rating)).toBe('8.2/10');
    // Its class and descriptors (issue 25).
    const badge = screen.getByRole('img', { name: 'Rated U/A 16+' });
    expect(badge.parentElement?.textContent).toBe('U/A 16+ · Violence');
    expect(fact(texts.years)).toBe('2021–2023');
    expect(fact(texts.creators)).toBe('Meera Rao');
    expect(fact(texts.cast)).toBe('Asha Kapoor, Dev Malhotra');
    screen.getByText(texts.access.free);
    expect((seasonSelect() as HTMLSelectElement).value).toBe('1');
    within(episodes()).getByRole('heading', { name: 'S1:E1 Arrival' });
    within(episodes()).getByRole('heading', { name: 'S1:E2 Rain' });
    expect(within(episodes()).queryByRole('heading', { name: 'S2:E1 Flood' })).toBeNull();
    within(episodeItem('Arrival')).getByText('42 min');

    fireEvent.click(await screen.findByRole('button', { name: 'Play S1:E1' }));
    await waitFor(() => expect(router.location.pathname).toBe('/video'));
    expect(router.location.search).toBe(`?episode=${episodeAt(show, 1, 1).id}`);
  });

  it('shows the series page in Hindi: its facts, seasons, main button and episodes (issue 26)', async () => {
    signInAs('user');
    await act(() => i18next.changeLanguage('hi'));
    await open();

    expect(fact(seriesStringsHi.rating)).toBe('8.2/10');
    expect(fact(seriesStringsHi.creators)).toBe('Meera Rao');
    screen.getByRole('img', { name: 'रेटिंग U/A 16+' });
    screen.getByText('2 सीज़न');
    screen.getByText(seriesStringsHi.access.free);
    screen.getByText(seriesStringsHi.demoBadge);
    const season = screen.getByRole('region', { name: 'Season 1 के एपिसोड' });
    within(season).getByRole('combobox', { name: seriesStringsHi.seasonLabel });
    within(season).getByRole('button', { name: 'Arrival चलाएँ, S1:E1' });
    await screen.findByRole('button', { name: 'S1:E1 चलाएँ' });
  });

  /** The show with its first season's two episodes changed as given. */
  const withFirstEpisodes = (demo: boolean, first: Partial<Episode>, second: Partial<Episode>) => {
    const base = aShow({ demo });
    const [s1, ...rest] = base.seasons;
    const [e1, e2] = s1.episodes;
    return {
      ...base,
      seasons: [
        {
          ...s1,
          episodes: [
            { ...e1, ...first },
            { ...e2, ...second },
          ],
        },
        ...rest,
      ],
    };
  };

  it('labels a demo series and shows the length of the sample film an episode plays, never its made-up runtime (issue 24)', async () => {
    data.shows = [
      withFirstEpisodes(
        true,
        { runtimeMinutes: 25, mediaSeconds: 30 },
        { runtimeMinutes: 25, mediaSeconds: null, mediaReady: false },
      ),
    ];
    await open();

    screen.getByText(texts.demoBadge);
    screen.getByText(texts.demoNote);
    within(episodeItem('Arrival')).getByText('30 s');
    expect(within(episodes()).queryByText('25 min')).toBeNull();
  });

  it('shows the listed runtime of a series that is not demo content until its media says otherwise', async () => {
    data.shows = [
      withFirstEpisodes(false, { runtimeMinutes: 25, mediaSeconds: null }, { mediaSeconds: 1500 }),
    ];
    await open();

    expect(screen.queryByText(texts.demoNote)).toBeNull();
    within(episodeItem('Arrival')).getByText('25 min');
    within(episodeItem('Rain')).getByText('25 min');
  });

  it.each([
    {
      case: 'the last one watched is unfinished',
      progress: () => [
        progressIn(episodeAt(show, 1, 1), { percent: 100, at: '2026-03-01T10:00:00.000Z' }),
        progressIn(episodeAt(show, 2, 1), { percent: 40, at: '2026-03-02T10:00:00.000Z' }),
      ],
      label: 'Resume S2:E1',
    },
    {
      case: 'the last one watched is finished',
      progress: () => [progressIn(episodeAt(show, 1, 2), { percent: 95 })],
      label: 'Play next: S2:E1',
    },
    {
      case: "the series' last episode is finished",
      progress: () => [progressIn(episodeAt(show, 2, 2), { percent: 97 })],
      label: 'Play S1:E1',
    },
  ])('offers "$label" when $case', async ({ progress, label }) => {
    signInAs('user');
    data.progress = progress();
    await open();
    // The answer is on screen once the bar of the latest episode watched is.
    const latest = data.progress.at(-1);
    const latestLabel = `S${latest?.seasonNumber}:E${latest?.episodeNumber}`;
    fireEvent.change(seasonSelect(), { target: { value: String(latest?.seasonNumber) } });
    await within(episodes()).findByRole('progressbar', {
      name: english('series:progressLabel', { label: latestLabel }),
    });

    // One button by that name: the browser journeys click it by name.
    const [main, ...others] = screen.getAllByRole('button', { name: new RegExp(label) });
    expect(others).toHaveLength(0);
    expect(main.textContent).toBe(label);
    expect(api.requests).toContain(`/api/users/${USER_ID}/series/${SERIES_ID}/progress`);
  });

  it.each([
    { label: 'Resume S2:E1', at: [2, 1], percent: 40, opens: '2' },
    { label: 'Play next: S2:E1', at: [1, 2], percent: 95, opens: '2' },
    { label: 'Resume S1:E2', at: [1, 2], percent: 30, opens: '1' },
  ])('opens on the season of "$label"', async ({ label, at: [season, number], percent, opens }) => {
    signInAs('user');
    data.progress = [progressIn(episodeAt(show, season, number), { percent })];
    await open();

    await screen.findByRole('button', { name: label });
    expect((seasonSelect() as HTMLSelectElement).value).toBe(opens);
  });

  it('switches seasons with the selector', async () => {
    signInAs('user');
    await open();

    fireEvent.change(seasonSelect(), { target: { value: '2' } });

    screen.getByRole('region', { name: 'Episodes of Season 2' });
    within(episodes()).getByRole('heading', { name: 'S2:E1 Flood' });
    within(episodes()).getByRole('heading', { name: 'S2:E2 Harvest' });
    expect(within(episodes()).queryByRole('heading', { name: 'S1:E1 Arrival' })).toBeNull();
  });

  it('shows how far the viewer got in each episode, and nothing on those not started', async () => {
    signInAs('user');
    data.progress = [
      progressIn(episodeAt(show, 1, 1), { percent: 100, at: '2026-03-01T10:00:00.000Z' }),
      progressIn(episodeAt(show, 1, 2), { percent: 37.6, at: '2026-03-02T10:00:00.000Z' }),
    ];
    await open();

    const rain = await within(episodes()).findByRole('progressbar', {
      name: english('series:progressLabel', { label: 'S1:E2' }),
    });
    expect(rain.getAttribute('aria-valuenow')).toBe('38');
    expect(
      within(episodes())
        .getByRole('progressbar', { name: english('series:progressLabel', { label: 'S1:E1' }) })
        .getAttribute('aria-valuenow'),
    ).toBe('100');
    fireEvent.change(seasonSelect(), { target: { value: '2' } });
    expect(within(episodes()).queryByRole('progressbar')).toBeNull();
  });

  it("plays any episode from its own button; a still is shown where there is one, else the series' poster", async () => {
    signInAs('user');
    const { router } = await open();

    const rain = episodeItem('Rain');
    expect(rain.querySelector('img')?.getAttribute('src')).toContain('/stills/rain.jpg');
    expect(episodeItem('Arrival').querySelector('img')?.getAttribute('src')).toContain(show.posterUrl);

    fireEvent.click(
      within(rain).getByRole('button', {
        name: english('series:playEpisode', { title: 'Rain', label: 'S1:E2' }),
      }),
    );
    await waitFor(() => expect(router.location.search).toBe(`?episode=${episodeAt(show, 1, 2).id}`));
  });

  it('asks a visitor to sign in and asks no progress', async () => {
    data.entitlement = anEntitlement({
      movieId: SERIES_ID,
      access: 'free',
      canWatch: false,
      reason: 'sign-in-required',
      waysIn: { plans: [], purchaseInr: null, rentalInr: null },
    });
    await open();

    const panel = await screen.findByRole('complementary', { name: paymentStrings.signInToWatch });
    await within(panel).findByRole('link', { name: paymentStrings.signIn });
    expect(screen.queryByRole('button', { name: 'Play S1:E1' })).toBeNull();
    expect(api.requests.some((path) => path.includes('/progress'))).toBe(false);
  });

  it('premium series the viewer cannot watch: the plans as the way in, and no play buttons', async () => {
    signInAs('user');
    data.shows = [aShow({ access: 'premium' })];
    data.entitlement = anEntitlement({
      movieId: SERIES_ID,
      waysIn: {
        plans: [{ id: 'standard', name: 'Standard', priceInr: 499 }],
        purchaseInr: null,
        rentalInr: null,
      },
    });
    await open();

    const panel = await screen.findByRole('complementary', { name: paymentStrings.accessHeading });
    const subscribe = await within(panel).findByRole('link', {
      name: english('payments:subscribeFrom', { price: formatInr(499) }),
    });
    expect(subscribe.getAttribute('href')).toBe('/subscription');
    expect(within(panel).queryByRole('button', { name: /Buy|Rent/ })).toBeNull();
    screen.getByText(texts.access.premium);
    expect(screen.queryByRole('button', { name: /^Play S1:E1$/ })).toBeNull();
    expect(within(episodes()).queryByRole('button', { name: /^Play / })).toBeNull();
  });

  it('says so when the series does not exist', async () => {
    renderApp({ path: '/tv-shows/65f05e0000000000000000ff', apiBaseUrl: api.baseUrl });
    await waitForPage();

    await screen.findByRole('heading', { level: 1, name: texts.notFound });
    expect(screen.getByRole('link', { name: texts.backToBrowse }).getAttribute('href')).toBe('/tv-shows');
  });
});
