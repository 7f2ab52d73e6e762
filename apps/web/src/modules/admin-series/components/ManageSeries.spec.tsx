import { SeriesMessages } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { adminMovieStrings } from '@web/modules/admin-movies/strings';
import { aMediaAsset } from '@web/modules/admin-movies/testing/media-test-kit';
import { adminDashboardStrings } from '@web/pages/admin-dashboard-strings';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { adminSeriesStrings as t } from '../strings';
import { adminSeriesStringsHi as hindi } from '../strings.hi';
import { aSeason, aSeries, anEpisode, fakeSeriesCatalogue } from '../testing/admin-series-test-kit';

const DRAFT_ID = '65f0c0ffee0000000000a001';
const LIVE_ID = '65f0c0ffee0000000000a002';

const catalogue = () => [
  aSeries({ id: DRAFT_ID, title: 'Monsoon Diaries', status: 'draft' }),
  aSeries({
    id: LIVE_ID,
    title: 'Night Shift',
    status: 'published',
    demo: true,
    access: 'premium',
    seasons: [
      aSeason({
        number: 1,
        episodes: [
          anEpisode({ seriesId: LIVE_ID, number: 1, title: 'Arrival' }),
          anEpisode({ seriesId: LIVE_ID, number: 2, title: 'Rounds' }),
        ],
      }),
      aSeason({ number: 2, episodes: [anEpisode({ seriesId: LIVE_ID, seasonNumber: 2, title: 'Return' })] }),
    ],
  }),
];

describe('Manage TV Shows', () => {
  let api: FakeApi;
  let fake: ReturnType<typeof fakeSeriesCatalogue>;

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('admin');
    fake = fakeSeriesCatalogue(catalogue());
    api = await startFakeApi((request, url, body) => {
      if (url.pathname.startsWith('/api/admin/media/')) return { status: 200, body: aMediaAsset() };
      return fake.route(request, url, body);
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const openManage = async (path = '/admindashboard?tab=tv-shows', heading: string = t.heading) => {
    renderApp({ path, apiBaseUrl: api.baseUrl });
    return screen.findByRole('region', { name: heading });
  };
  const card = (title: string) => screen.getByRole('article', { name: title });
  const dialog = (name: string) => screen.getByRole('dialog', { name });
  const type = (scope: HTMLElement, label: string, value: string) =>
    fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
  const sent = () => fake.sent.map(({ method, path }) => `${method} ${path}`);

  it('shows Manage TV Shows in Hindi once the interface is Hindi: cards, counts, the editor and its seasons', async () => {
    await act(() => i18next.changeLanguage('hi'));
    await openManage(undefined, hindi.heading);

    const live = await screen.findByRole('article', { name: 'Night Shift' });
    within(live).getByText(hindi.statuses.published);
    within(live).getByText(hindi.demo);
    within(live).getByText(hindi.accesses.premium);
    within(live).getByText('2 सीज़न · 3 एपिसोड');
    fireEvent.click(within(live).getByRole('button', { name: hindi.delete }));
    within(live).getByText('इसके 3 एपिसोड भी साथ में हट जाएँगे।');
    fireEvent.click(within(live).getByRole('button', { name: hindi.cancel }));

    fireEvent.click(within(live).getByRole('button', { name: hindi.manageEpisodes }));
    await screen.findByRole('heading', { name: 'Night Shift', level: 3 });
    screen.getByRole('heading', { name: hindi.editor.seasons });
    const first = screen.getByRole('region', { name: /^सीज़न 1\b/ });
    within(first).getByRole('button', { name: `${hindi.editor.addEpisode} सीज़न 1` });
    within(first).getByRole('article', { name: 'S1:E1 Arrival' });
  });

  it("is the dashboard's 'TV Shows' tab: badges, demo label, counts; Publish only on drafts", async () => {
    renderApp({ path: '/admindashboard', apiBaseUrl: api.baseUrl });
    fireEvent.click(await screen.findByRole('tab', { name: adminDashboardStrings.tabs['tv-shows'] }));
    await screen.findByRole('region', { name: t.heading });

    const live = await screen.findByRole('article', { name: 'Night Shift' });
    within(live).getByText(t.statuses.published);
    within(live).getByText(t.demo);
    within(live).getByText('2 seasons · 3 episodes');
    expect(within(live).queryByRole('button', { name: t.publish })).toBeNull();

    const draft = card('Monsoon Diaries');
    within(draft).getByText(t.statuses.draft);
    expect(within(draft).queryByText(t.demo)).toBeNull();
    within(draft).getByText('0 seasons · 0 episodes');
    within(draft).getByRole('button', { name: t.publish });
    expect(sent()).toEqual([]);
  });

  it('asks the server for drafts only and for a search term', async () => {
    await openManage();
    await screen.findByRole('article', { name: 'Night Shift' });
    fireEvent.change(screen.getByLabelText(t.statusFilter), { target: { value: 'draft' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Night Shift' })).toBeNull());
    card('Monsoon Diaries');
    fireEvent.change(screen.getByRole('searchbox', { name: t.searchLabel }), { target: { value: 'night' } });
    await screen.findByText(t.empty);
    expect(api.requests).toContain('/api/admin/series?page=1&pageSize=24&status=draft&search=night');
  });

  it("checks the series form by the contract, then adds the series: 'Series added successfully'", async () => {
    await openManage();
    fireEvent.click(await screen.findByRole('button', { name: t.addSeries }));
    const form = dialog(t.addSeries);

    type(form, t.fields.rating, '10.05');
    type(form, t.fields.posterUrl, 'not a url');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));
    for (const message of [
      t.errors.title,
      t.errors.genre,
      t.errors.rating,
      t.errors.posterUrl,
      t.errors.description,
      t.errors.classification,
    ])
      within(form).getByText(message);
    expect(sent()).toEqual([]);

    type(form, t.fields.title, 'Chai & Code');
    type(form, t.fields.genre, 'Comedy');
    type(form, t.fields.rating, '8.2');
    type(form, t.fields.posterUrl, 'https://img.example.in/chai.jpg');
    type(form, t.fields.description, 'A start-up in Pune.');
    type(form, t.fields.classification, 'UA7');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Strong language' }));
    type(form, t.fields.access, 'premium');
    type(form, t.fields.firstAirDate, '2024-03-01');
    type(form, t.fields.language, 'hi');
    type(form, t.fields.creators, 'Asha Rao, , Vikram Sen ');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));

    await screen.findByText(SeriesMessages.added);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/series',
        auth: 'Bearer admin-token',
        body: {
          title: 'Chai & Code',
          genre: 'Comedy',
          rating: 8.2,
          posterUrl: 'https://img.example.in/chai.jpg',
          description: 'A start-up in Pune.',
          classification: 'UA7',
          descriptors: ['language'],
          status: 'draft',
          access: 'premium',
          firstAirDate: '2024-03-01',
          language: 'hi',
          creators: ['Asha Rao', 'Vikram Sen'],
          cast: [],
          // The Add press's key: sent again, the server answers the same series.
          idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
        },
      },
    ]);
    await screen.findByRole('article', { name: 'Chai & Code' });
  });

  it('adds once and says so once when Save is double-clicked', async () => {
    await openManage();
    fireEvent.click(await screen.findByRole('button', { name: t.addSeries }));
    const form = dialog(t.addSeries);
    type(form, t.fields.title, 'Chai & Code');
    type(form, t.fields.genre, 'Comedy');
    type(form, t.fields.rating, '8.2');
    type(form, t.fields.posterUrl, 'https://img.example.in/chai.jpg');
    type(form, t.fields.description, 'A start-up in Pune.');
    type(form, t.fields.classification, 'U');
    const save = within(form).getByRole('button', { name: t.save });
    // Both clicks land before React renders Save disabled (a real double click is as quick).
    fireEvent.click(save);
    fireEvent.click(save);

    await screen.findByText(SeriesMessages.added);
    await screen.findByRole('article', { name: 'Chai & Code' });
    expect(sent()).toEqual(['POST /api/admin/series']);
    expect(screen.getAllByText(SeriesMessages.added)).toHaveLength(1);
    expect(screen.getAllByRole('article', { name: 'Chai & Code' })).toHaveLength(1);
  });

  it('edits a series sending only what changed, and refuses to drop a language it cannot clear', async () => {
    fake.store.get(DRAFT_ID)!.language = 'ta';
    await openManage();
    await screen.findByRole('article', { name: 'Monsoon Diaries' });
    fireEvent.click(within(card('Monsoon Diaries')).getByRole('button', { name: t.edit }));
    const form = dialog(t.editSeries);
    expect((within(form).getByLabelText(t.fields.title) as HTMLInputElement).value).toBe('Monsoon Diaries');

    type(form, t.fields.language, '');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));
    within(form).getByText(t.cannotClear);
    expect(sent()).toEqual([]);

    type(form, t.fields.language, 'ta');
    type(form, t.fields.title, 'Monsoon Diaries II');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));
    await screen.findByText(SeriesMessages.updated);
    expect(fake.sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/api/admin/series/${DRAFT_ID}`,
        body: { title: 'Monsoon Diaries II' },
      }),
    ]);
  });

  it('publishes a draft: the badge turns Published and Publish goes away', async () => {
    await openManage();
    await screen.findByRole('article', { name: 'Monsoon Diaries' });
    fireEvent.click(within(card('Monsoon Diaries')).getByRole('button', { name: t.publish }));

    await screen.findByText(english('adminSeries:published', { title: 'Monsoon Diaries' }));
    await waitFor(() => within(card('Monsoon Diaries')).getByText(t.statuses.published));
    expect(within(card('Monsoon Diaries')).queryByRole('button', { name: t.publish })).toBeNull();
    expect(sent()).toEqual([`POST /api/admin/series/${DRAFT_ID}/publish`]);
  });

  it("shows the server's message when publishing is refused", async () => {
    fake.store.get(DRAFT_ID)!.status = 'published';
    // The grid still shows it as a draft (another admin published it meanwhile).
    api.respond((request, url, body) => {
      if (url.pathname === '/api/admin/series' && request.method === 'GET') {
        const answer = fake.route(request, url, body)!;
        const page = answer.body as { data: { id: string; status: string }[] };
        return { ...answer, body: { ...page, data: page.data.map((s) => ({ ...s, status: 'draft' })) } };
      }
      return fake.route(request, url, body);
    });
    await openManage();
    await screen.findByRole('article', { name: 'Monsoon Diaries' });
    fireEvent.click(within(card('Monsoon Diaries')).getByRole('button', { name: t.publish }));
    expect(
      (await screen.findByText(SeriesMessages.onlyDraftsPublish)).closest('[role="alert"]'),
    ).not.toBeNull();
  });

  it('deletes a series only after Confirm delete, saying what goes with it', async () => {
    await openManage();
    await screen.findByRole('article', { name: 'Night Shift' });
    fireEvent.click(within(card('Night Shift')).getByRole('button', { name: t.delete }));
    within(card('Night Shift')).getByText(english('adminSeries:episodesGoWithIt', { count: 3 }));
    fireEvent.click(within(card('Night Shift')).getByRole('button', { name: t.cancel }));
    expect(sent()).toEqual([]);

    fireEvent.click(within(card('Night Shift')).getByRole('button', { name: t.delete }));
    fireEvent.click(within(card('Night Shift')).getByRole('button', { name: t.confirmDelete }));
    await screen.findByText(english('adminSeries:deleted', { title: 'Night Shift' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Night Shift' })).toBeNull());
    expect(sent()).toEqual([`DELETE /api/admin/series/${LIVE_ID}`]);
  });

  const openEditor = async (title: string) => {
    await openManage();
    await screen.findByRole('article', { name: title });
    fireEvent.click(within(card(title)).getByRole('button', { name: t.manageEpisodes }));
    return screen.findByRole('heading', { name: title, level: 3 });
  };
  const season = (number: number) =>
    screen.getByRole('region', {
      name: new RegExp(`^${english('adminSeries:editor.seasonLabel', { number: number })}\\b`),
    });

  it('adds a season (next free number offered), and shows the 409 for a number already used', async () => {
    await openEditor('Monsoon Diaries');
    screen.getByText(t.editor.noSeasons);

    fireEvent.click(screen.getByRole('button', { name: t.editor.addSeason }));
    let form = dialog(t.editor.addSeason);
    expect((within(form).getByLabelText(t.seasonFields.number) as HTMLInputElement).value).toBe('1');
    type(form, t.seasonFields.title, 'Pre-monsoon');
    type(form, t.seasonFields.airDate, '2024-05-01');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));

    await screen.findByText(SeriesMessages.seasonAdded);
    season(1);
    within(season(1)).getByText(t.editor.noEpisodes);
    expect(fake.sent[0]).toEqual({
      method: 'POST',
      path: `/api/admin/series/${DRAFT_ID}/seasons`,
      auth: 'Bearer admin-token',
      body: { number: 1, title: 'Pre-monsoon', airDate: '2024-05-01' },
    });

    fireEvent.click(screen.getByRole('button', { name: t.editor.addSeason }));
    form = dialog(t.editor.addSeason);
    expect((within(form).getByLabelText(t.seasonFields.number) as HTMLInputElement).value).toBe('2');
    type(form, t.seasonFields.number, '1');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));

    const refused = await within(form).findByText(SeriesMessages.seasonExists);
    expect(refused.closest('[role="alert"]')).not.toBeNull();
    screen.getByRole('dialog', { name: t.editor.addSeason });
    expect(sent()).toEqual([
      `POST /api/admin/series/${DRAFT_ID}/seasons`,
      `POST /api/admin/series/${DRAFT_ID}/seasons`,
    ]);
  });

  it('adds an episode with intro marks: end ≤ start is refused by the contract rule, then it is sent', async () => {
    fake.store.get(DRAFT_ID)!.seasons = [aSeason({ number: 1 })];
    await openEditor('Monsoon Diaries');
    fireEvent.click(within(season(1)).getByRole('button', { name: `${t.editor.addEpisode} Season 1` }));
    const form = dialog(t.editor.addEpisode);
    const f = t.episodeFields;

    type(form, f.title, 'First Rain');
    type(form, f.runtimeMinutes, '42');
    type(form, f.introStart, '65');
    type(form, f.introEnd, '65');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));
    within(form).getByText(SeriesMessages.introOrder);

    type(form, f.introEnd, '');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));
    within(form).getByText(t.episodeErrors.introBoth);
    expect(sent()).toEqual([]);

    type(form, f.introStart, '5');
    type(form, f.introEnd, '65');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));

    await screen.findByText(SeriesMessages.episodeAdded);
    expect(fake.sent).toEqual([
      {
        method: 'POST',
        path: `/api/admin/series/${DRAFT_ID}/seasons/1/episodes`,
        auth: 'Bearer admin-token',
        body: {
          number: 1,
          title: 'First Rain',
          runtimeMinutes: 42,
          intro: { startSeconds: 5, endSeconds: 65 },
        },
      },
    ]);
    const row = await within(season(1)).findByRole('article', { name: 'S1:E1 First Rain' });
    within(row).getByText(english('adminSeries:editor.intro', { start: '0:05', end: '1:05' }));
    within(row).getByText(english('adminSeries:editor.runtime', { minutes: 42 }));
  });

  it("shows the server's 409 for an episode number already used in the season, keeping the form", async () => {
    await openEditor('Night Shift');
    fireEvent.click(within(season(1)).getByRole('button', { name: `${t.editor.addEpisode} Season 1` }));
    const form = dialog(t.editor.addEpisode);
    expect((within(form).getByLabelText(t.episodeFields.number) as HTMLInputElement).value).toBe('3');
    type(form, t.episodeFields.number, '2');
    type(form, t.episodeFields.title, 'Double');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));

    const refused = await within(form).findByText(SeriesMessages.episodeExists);
    expect(refused.closest('[role="alert"]')).not.toBeNull();
    screen.getByRole('dialog', { name: t.editor.addEpisode });
    expect(sent()).toEqual([`POST /api/admin/series/${LIVE_ID}/seasons/1/episodes`]);
  });

  it("edits an episode (only what changed) with the episode's video section, and clears its intro", async () => {
    const episode = fake.store.get(LIVE_ID)!.seasons[0].episodes[0];
    episode.intro = { startSeconds: 10, endSeconds: 70 };
    await openEditor('Night Shift');
    const row = within(season(1)).getByRole('article', { name: 'S1:E1 Arrival' });
    fireEvent.click(within(row).getByRole('button', { name: `${t.edit} S1:E1` }));
    const form = dialog(t.editor.editEpisode);

    const media = within(form).getByRole('region', { name: adminMovieStrings.media.heading });
    await within(media).findByText(adminMovieStrings.media.statuses.none);
    expect(api.requests).toContain(`/api/admin/media/${episode.id}`);

    type(form, t.episodeFields.introStart, '');
    type(form, t.episodeFields.introEnd, '');
    type(form, t.episodeFields.overview, 'The first night.');
    fireEvent.click(within(form).getByRole('button', { name: t.save }));

    await screen.findByText(t.editor.episodeUpdated);
    expect(fake.sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: `/api/admin/episodes/${episode.id}`,
        body: { overview: 'The first night.', intro: null },
      }),
    ]);
  });

  it('saving an edit that changed nothing closes the form without a write', async () => {
    await openEditor('Night Shift');
    fireEvent.click(within(season(2)).getByRole('button', { name: `${t.edit} Season 2` }));
    fireEvent.click(within(dialog(t.editor.editSeason)).getByRole('button', { name: t.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toEqual([]);
  });

  it('removes an episode and a season (with its episodes) only after confirming', async () => {
    const [first] = fake.store.get(LIVE_ID)!.seasons[0].episodes;
    await openEditor('Night Shift');

    const row = within(season(1)).getByRole('article', { name: 'S1:E1 Arrival' });
    fireEvent.click(within(row).getByRole('button', { name: `${t.remove} S1:E1` }));
    expect(sent()).toEqual([]);
    fireEvent.click(within(row).getByRole('button', { name: `${t.confirmRemove} S1:E1` }));
    await screen.findByText(english('adminSeries:editor.episodeRemoved', { title: 'Arrival' }));
    await waitFor(() =>
      expect(within(season(1)).queryByRole('article', { name: 'S1:E1 Arrival' })).toBeNull(),
    );

    fireEvent.click(within(season(2)).getByRole('button', { name: `${t.remove} Season 2` }));
    within(season(2)).getByText(english('adminSeries:episodesGoWithIt', { count: 1 }));
    fireEvent.click(within(season(2)).getByRole('button', { name: `${t.confirmRemove} Season 2` }));
    await screen.findByText(english('adminSeries:editor.seasonRemoved', { number: 2 }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', {
          name: new RegExp(`^${english('adminSeries:editor.seasonLabel', { number: 2 })}\\b`),
        }),
      ).toBeNull(),
    );
    expect(sent()).toEqual([
      `DELETE /api/admin/episodes/${first.id}`,
      `DELETE /api/admin/series/${LIVE_ID}/seasons/2`,
    ]);
  });

  it('keeps the open series in the address and goes back to the grid', async () => {
    const { router } = renderApp({
      path: `/admindashboard?tab=tv-shows&series=${LIVE_ID}`,
      apiBaseUrl: api.baseUrl,
    });
    await screen.findByRole('heading', { name: 'Night Shift', level: 3 });
    season(2);
    fireEvent.click(screen.getByRole('button', { name: t.editor.back }));
    await screen.findByRole('article', { name: 'Monsoon Diaries' });
    expect(router.location.search).toBe('?tab=tv-shows');
  });
});
