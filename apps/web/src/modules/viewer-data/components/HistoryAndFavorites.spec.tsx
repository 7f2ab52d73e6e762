import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { profileStrings } from '@web/modules/profile/strings';
import { uiStrings } from '@web/shared/ui/strings';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderApp, waitForPage } from '@web/test/render-app';
import { viewerDataStrings as texts } from '../strings';
import {
  aFavorite,
  aHistoryItem,
  serverError,
  USER_ID,
  type ViewerData,
  viewerData,
  viewerDataRoutes,
} from '../testing/viewer-data-test-kit';

describe('/userprofile: Watch History and Favorites', () => {
  let api: FakeApi;
  let data: ViewerData;
  /** Makes the next calls matching `method path-prefix` fail with a server error. */
  let failing: { method: string; prefix: string; message?: string } | null;

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('user');
    failing = null;
    data = viewerData();
    api = await startFakeApi((request, url, body) => {
      if (failing && request.method === failing.method && url.pathname.startsWith(failing.prefix))
        return serverError(failing.message);
      return viewerDataRoutes(data)(request, url, body);
    });
  });

  afterEach(async () => {
    await api.close();
  });

  const openTab = async (tab: 'history' | 'favorites') => {
    renderApp({ path: `/userprofile?tab=${tab}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
    return screen.getByRole('tabpanel', { name: profileStrings.tabs[tab] });
  };

  describe('Watch History', () => {
    it('says so when there is none', async () => {
      const panel = await openTab('history');
      expect(await within(panel).findByText(texts.noHistory)).toBeTruthy();
    });

    it('shows poster, title, watched-on date, minutes watched (seconds / 60, rounded) and progress', async () => {
      data.history = [
        aHistoryItem({ title: 'Ninety Seconds', watchTime: 90, progressPercent: 1.7 }),
        aHistoryItem({ title: 'Eighty-Nine Seconds', watchTime: 89, progressPercent: null }),
        aHistoryItem({ title: 'Long Watch', watchTime: 1530, watchedAt: '2026-01-12T18:30:00.000Z' }),
      ];
      const panel = await openTab('history');

      const card = (title: string) =>
        within(panel).getByRole('link', { name: title }).closest('li') as HTMLElement;
      await within(panel).findByRole('link', { name: 'Long Watch' });
      expect(within(card('Ninety Seconds')).getByText(texts.watchMinutes(2))).toBeTruthy();
      expect(texts.watchMinutes(2)).toBe('2 minutes watched');
      expect(within(card('Eighty-Nine Seconds')).getByText('1 minute watched')).toBeTruthy();
      expect(within(card('Long Watch')).getByText('26 minutes watched')).toBeTruthy();
      expect(within(card('Long Watch')).getByText('Watched on 12 January 2026')).toBeTruthy();
      expect(within(card('Long Watch')).getByRole('img', { name: 'Poster for Long Watch' })).toBeTruthy();
      expect(within(card('Long Watch')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('28');
      // The duration is not known yet: no bar rather than a wrong one.
      expect(within(card('Eighty-Nine Seconds')).queryByRole('progressbar')).toBeNull();
    });

    it("names an episode's label and title under its series, whose page the title opens", async () => {
      data.history = [
        aHistoryItem({
          title: 'The Long Monsoon',
          episode: {
            episodeId: '65f0e90000000000000000e2',
            seriesId: '65f05e0000000000000000aa',
            seasonNumber: 2,
            episodeNumber: 4,
            title: 'Harvest',
          },
        }),
        aHistoryItem({ title: 'Night Train' }),
      ];
      const panel = await openTab('history');

      const link = await within(panel).findByRole('link', { name: 'The Long Monsoon' });
      const card = link.closest('li') as HTMLElement;
      expect(link.getAttribute('href')).toBe('/tv-shows/65f05e0000000000000000aa');
      expect(within(card).getByText('S2:E4 · Harvest')).toBeTruthy();
      const movie = within(panel).getByRole('link', { name: 'Night Train' });
      expect(movie.getAttribute('href')).toMatch(/^\/moviedetails\//);
      expect(within(movie.closest('li') as HTMLElement).queryByText(/S\d+:E\d+/)).toBeNull();
    });

    it('removes an item at once; when the server refuses it comes back with the SPEC alert', async () => {
      data.history = [aHistoryItem({ title: 'Keep Me' }), aHistoryItem({ title: 'Drop Me' })];
      const panel = await openTab('history');
      await within(panel).findByRole('link', { name: 'Drop Me' });

      failing = { method: 'DELETE', prefix: `/api/users/${USER_ID}/watch-history/` };
      fireEvent.click(within(panel).getByRole('button', { name: texts.removeHistoryTitle('Drop Me') }));
      await waitFor(() => expect(within(panel).queryByRole('link', { name: 'Drop Me' })).toBeNull());
      expect(await screen.findByText(texts.removeHistoryFailed)).toBeTruthy();
      expect(texts.removeHistoryFailed).toBe('Failed to remove from history');
      expect(await within(panel).findByRole('link', { name: 'Drop Me' })).toBeTruthy();

      failing = null;
      fireEvent.click(within(panel).getByRole('button', { name: texts.removeHistoryTitle('Drop Me') }));
      await waitFor(() => expect(within(panel).queryByRole('link', { name: 'Drop Me' })).toBeNull());
      await waitFor(() => expect(data.history.map(({ title }) => title)).toEqual(['Keep Me']));
    });

    it('offers Add to Favorites only for titles not yet favorites, and says when it is added', async () => {
      const liked = aFavorite({ title: 'Liked' });
      data.favorites = [liked];
      const notYet = aHistoryItem({ title: 'Not Yet' });
      data.history = [aHistoryItem({ title: 'Liked', movieId: liked.movieId }), notYet];
      const panel = await openTab('history');
      await within(panel).findByRole('link', { name: 'Not Yet' });
      const card = (title: string) =>
        within(panel).getByRole('link', { name: title }).closest('li') as HTMLElement;

      await within(card('Not Yet')).findByRole('button', { name: texts.addToFavorites });
      expect(within(card('Liked')).queryByRole('button', { name: texts.addToFavorites })).toBeNull();

      fireEvent.click(within(card('Not Yet')).getByRole('button', { name: texts.addToFavorites }));
      await waitFor(() =>
        expect(within(card('Not Yet')).queryByRole('button', { name: texts.addToFavorites })).toBeNull(),
      );
      expect(await screen.findByText('Added to favorites!')).toBeTruthy();
      expect(data.favorites.map(({ movieId }) => movieId)).toContain(notYet.movieId);
    });

    it('pages a long history', async () => {
      data.history = Array.from({ length: 30 }, (_, index) => aHistoryItem({ title: `Title ${index + 1}` }));
      const panel = await openTab('history');
      await within(panel).findByRole('link', { name: 'Title 24' });
      expect(within(panel).queryByRole('link', { name: 'Title 25' })).toBeNull();

      fireEvent.click(within(panel).getByRole('button', { name: uiStrings.next }));
      expect(await within(panel).findByRole('link', { name: 'Title 30' })).toBeTruthy();
      expect(within(panel).getByText(uiStrings.pageOf(2, 2))).toBeTruthy();
      expect(api.requests).toContain(`/api/users/${USER_ID}/watch-history?page=2&pageSize=24`);
    });
  });

  describe('Favorites', () => {
    it('says so when there are none', async () => {
      const panel = await openTab('favorites');
      expect(await within(panel).findByText('No favorites yet.')).toBeTruthy();
    });

    it('shows poster, title, genre and rating out of 10', async () => {
      data.favorites = [aFavorite({ title: 'Golden Hour', genre: 'Romance', rating: 8.6 })];
      const panel = await openTab('favorites');
      const link = await within(panel).findByRole('link', { name: 'Golden Hour' });
      const card = link.closest('li') as HTMLElement;
      expect(within(card).getByText('Romance')).toBeTruthy();
      expect(within(card).getByText('8.6/10')).toBeTruthy();
      expect(within(card).getByRole('img', { name: 'Poster for Golden Hour' })).toBeTruthy();
    });

    it('removes at once; a refusal puts it back with the SPEC alert', async () => {
      data.favorites = [aFavorite({ title: 'First' }), aFavorite({ title: 'Second' })];
      const panel = await openTab('favorites');
      await within(panel).findByRole('link', { name: 'Second' });

      failing = { method: 'DELETE', prefix: `/api/users/${USER_ID}/favorites/` };
      fireEvent.click(within(panel).getByRole('button', { name: texts.removeFavoriteTitle('Second') }));
      await waitFor(() => expect(within(panel).queryByRole('link', { name: 'Second' })).toBeNull());
      const alert = await screen.findByText('Failed to remove from favorites');
      expect(alert.closest('[role="alert"]')).toBeTruthy();
      expect(await within(panel).findByRole('link', { name: 'Second' })).toBeTruthy();
      const titles = within(panel)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
      expect(titles).toEqual(['First', 'Second']);
    });
  });
});
