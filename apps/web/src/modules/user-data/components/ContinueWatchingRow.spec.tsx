import type { Entitlement } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anEntitlement, entitlementsRoute } from '@web/modules/payments/testing/payments-test-kit';
import { signInAs, someSections } from '@web/modules/movies/testing/browse-test-kit';
import { renderApp, waitForPage } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { userDataStrings as texts } from '../strings';
import { aContinueItem, serverError, USER_ID, useUserDataApi } from '../testing/user-data-test-kit';

describe('User home: Continue Watching', () => {
  let hideFails: boolean;
  let answers: Record<string, Entitlement>;

  const fakes = useUserDataApi((request, url, body) => {
    if (url.pathname === '/api/movies/sections') return { status: 200, body: someSections() };
    if (url.pathname === '/api/movies/genres') return { status: 200, body: [] };
    if (hideFails && request.method === 'DELETE') return serverError();
    return entitlementsRoute(
      (movieId) =>
        answers[movieId] ?? anEntitlement({ movieId, access: 'free', canWatch: true, reason: 'free' }),
    )(request, url, body);
  });
  const { data } = fakes;

  beforeEach(() => {
    signInAs('user');
    hideFails = false;
    answers = {};
  });

  const open = async () => {
    const view = renderApp({ path: '/userdashboard', apiBaseUrl: fakes.api.baseUrl });
    await waitForPage();
    await screen.findByRole('region', { name: 'Popular Movies' });
    return view;
  };
  const row = () => screen.getByRole('region', { name: texts.continueWatching });

  it('is hidden when there is nothing to resume', async () => {
    await open();
    await waitFor(() => expect(fakes.api.requests).toContain(`/api/users/${USER_ID}/continue-watching`));
    expect(screen.queryByRole('region', { name: texts.continueWatching })).toBeNull();
  });

  it("shows a rental's time left on its card (DECISIONS 7), and nothing on a title the viewer simply may watch", async () => {
    const rented = aContinueItem({ title: 'Night Train' });
    const free = aContinueItem({ title: 'The Quiet Sea' });
    const expiresAt = new Date(Date.now() + 5.5 * 3_600_000).toISOString();
    answers[rented.movieId] = anEntitlement({
      movieId: rented.movieId,
      canWatch: true,
      reason: 'rental',
      rental: { rentedAt: expiresAt, startBy: expiresAt, startedAt: expiresAt, expiresAt },
    });
    data.continueWatching = [rented, free];
    await open();

    const card = async (title: string) =>
      (
        await within(await screen.findByRole('region', { name: texts.continueWatching })).findByRole('link', {
          name: english('userData:resume', { title: title }),
        })
      ).closest('article') as HTMLElement;
    await within(await card('Night Train')).findByText('Rented: 5 h left');
    expect(within(await card('The Quiet Sea')).queryByText(/Rented|Subscription Required|Owned/)).toBeNull();
  });

  it('lists the titles with their real progress; a click resumes in the player', async () => {
    const item = aContinueItem({ title: 'Night Train', progressPercent: 45.4 });
    data.continueWatching = [item, aContinueItem({ title: 'The Quiet Sea', progressPercent: 12 })];
    const { router } = await open();

    const link = await within(await screen.findByRole('region', { name: texts.continueWatching })).findByRole(
      'link',
      { name: english('userData:resume', { title: 'Night Train' }) },
    );
    const card = link.closest('article') as HTMLElement;
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');
    within(card).getByText('45% watched');
    expect(within(row()).getAllByRole('article')).toHaveLength(2);

    fireEvent.click(link);
    await waitFor(() => expect(router.location.pathname).toBe('/video'));
    expect(router.location.search).toBe(`?movie=${item.movieId}`);
    expect(router.location.state).toEqual({
      movie: { id: item.movieId, title: 'Night Train', overview: '' },
    });
  });

  it('shows a series once, at the episode to watch next ("S1:E2"), and the card plays that episode', async () => {
    const episodeId = '65f0e90000000000000000e2';
    data.continueWatching = [
      aContinueItem({
        movieId: episodeId,
        title: 'The Long Monsoon',
        positionSeconds: 0,
        progressPercent: 0,
        episode: {
          episodeId,
          seriesId: '65f05e0000000000000000aa',
          seasonNumber: 1,
          episodeNumber: 2,
          title: 'Rain',
        },
      }),
      aContinueItem({ title: 'Night Train' }),
    ];
    const { router } = await open();

    const link = await within(await screen.findByRole('region', { name: texts.continueWatching })).findByRole(
      'link',
      { name: english('userData:resume', { title: 'The Long Monsoon S1:E2' }) },
    );
    const card = link.closest('article') as HTMLElement;
    expect(link.textContent).toBe('The Long Monsoon');
    within(card).getByText('S1:E2 · Rain');
    within(card).getByText('0% watched');
    within(card).getByRole('progressbar', {
      name: english('userData:progressLabel', { title: 'The Long Monsoon S1:E2' }),
    });
    // A movie's card says no episode.
    const movie = within(row())
      .getByRole('link', { name: english('userData:resume', { title: 'Night Train' }) })
      .closest('article');
    expect(within(movie as HTMLElement).queryByText(/S\d+:E\d+/)).toBeNull();

    fireEvent.click(link);
    await waitFor(() => expect(router.location.pathname).toBe('/video'));
    expect(router.location.search).toBe(`?episode=${episodeId}`);
  });

  it('"Remove from row" hides the title at once; a refusal brings it back and says so; the empty row goes', async () => {
    data.continueWatching = [aContinueItem({ title: 'Night Train' })];
    await open();
    const remove = await within(
      await screen.findByRole('region', { name: texts.continueWatching }),
    ).findByRole('button', { name: english('userData:removeFromRowTitle', { title: 'Night Train' }) });

    hideFails = true;
    fireEvent.click(remove);
    await waitFor(() => expect(screen.queryByRole('region', { name: texts.continueWatching })).toBeNull());
    await screen.findByText(texts.removeFromRowFailed);
    await within(await screen.findByRole('region', { name: texts.continueWatching })).findByText(
      'Night Train',
    );

    hideFails = false;
    fireEvent.click(
      within(row()).getByRole('button', {
        name: english('userData:removeFromRowTitle', { title: 'Night Train' }),
      }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: texts.continueWatching })).toBeNull());
    await waitFor(() => expect(data.continueWatching).toEqual([]));
    expect(screen.queryByRole('region', { name: texts.continueWatching })).toBeNull();
  });
});
