import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { profileStrings } from '@web/modules/profile/strings';
import { english } from '@web/shared/i18n/english';
import { uiStrings } from '@web/shared/ui/strings';
import { renderApp, waitForPage } from '@web/test/render-app';
import { userDataStrings as texts } from '../strings';
import { aFavorite, aHistoryItem, serverError, USER_ID, useUserDataApi } from '../testing/user-data-test-kit';

describe('/userprofile: Watch History and Favorites', () => {
  /** Makes the next calls matching `method path-prefix` fail with a server error. */
  let failing: { method: string; prefix: string; message?: string } | null;

  const fakes = useUserDataApi((request, url) =>
    failing && request.method === failing.method && url.pathname.startsWith(failing.prefix)
      ? serverError(failing.message)
      : undefined,
  );
  const { data } = fakes;

  beforeEach(() => {
    signInAs('user');
    failing = null;
  });

  const openTab = async (tab: 'history' | 'favorites') => {
    renderApp({ path: `/userprofile?tab=${tab}`, apiBaseUrl: fakes.api.baseUrl });
    await waitForPage();
    return screen.getByRole('tabpanel', { name: profileStrings.tabs[tab] });
  };

  describe('Watch History', () => {
    it('says so when there is none', async () => {
      const panel = await openTab('history');
      await within(panel).findByText(texts.noHistory);
    });

    it('shows poster, title, watched-on date, minutes watched (seconds / 60, rounded) and progress', async () => {
      data.history = [
        aHistoryItem({ title: 'Ninety Seconds', watchTime: 90, progressPercent: 1.7 }),
        aHistoryItem({ title: 'Eighty-Nine Seconds', watchTime: 89, progressPercent: null }),
        aHistoryItem({ title: 'Long Watch', watchTime: 1530, watchedAt: '2026-01-12T18:30:00.000Z' }),
        aHistoryItem({ title: 'Short Sample', watchTime: 25, progressPercent: 100 }),
      ];
      const panel = await openTab('history');

      const card = (title: string) =>
        within(panel).getByRole('link', { name: title }).closest('li') as HTMLElement;
      await within(panel).findByRole('link', { name: 'Long Watch' });
      within(card('Ninety Seconds')).getByText(english('userData:watchMinutes', { count: 2 }));
      expect(english('userData:watchMinutes', { count: 2 })).toBe('2 minutes watched');
      within(card('Eighty-Nine Seconds')).getByText('1 minute watched');
      within(card('Long Watch')).getByText('26 minutes watched');
      // A 30-second sample watched through: its seconds beside the full bar, not "0 minutes".
      within(card('Short Sample')).getByText('25 seconds watched');
      within(card('Long Watch')).getByText('Watched on 12 January 2026');
      within(card('Long Watch')).getByRole('img', { name: 'Poster for Long Watch' });
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
      within(card).getByText('S2:E4 · Harvest');
      const movie = within(panel).getByRole('link', { name: 'Night Train' });
      expect(movie.getAttribute('href')).toMatch(/^\/moviedetails\//);
      expect(within(movie.closest('li') as HTMLElement).queryByText(/S\d+:E\d+/)).toBeNull();
    });

    it('removes an item at once; when the server refuses it comes back with the SPEC alert', async () => {
      data.history = [aHistoryItem({ title: 'Keep Me' }), aHistoryItem({ title: 'Drop Me' })];
      const panel = await openTab('history');
      await within(panel).findByRole('link', { name: 'Drop Me' });

      failing = { method: 'DELETE', prefix: `/api/users/${USER_ID}/watch-history/` };
      fireEvent.click(
        within(panel).getByRole('button', {
          name: english('userData:removeHistoryTitle', { title: 'Drop Me' }),
        }),
      );
      await waitFor(() => expect(within(panel).queryByRole('link', { name: 'Drop Me' })).toBeNull());
      await screen.findByText(texts.removeHistoryFailed);
      expect(texts.removeHistoryFailed).toBe('Failed to remove from history');
      await within(panel).findByRole('link', { name: 'Drop Me' });

      failing = null;
      fireEvent.click(
        within(panel).getByRole('button', {
          name: english('userData:removeHistoryTitle', { title: 'Drop Me' }),
        }),
      );
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
      await screen.findByText('Added to favorites!');
      expect(data.favorites.map(({ movieId }) => movieId)).toContain(notYet.movieId);
    });

    it('pages a long history', async () => {
      data.history = Array.from({ length: 30 }, (_, index) => aHistoryItem({ title: `Title ${index + 1}` }));
      const panel = await openTab('history');
      await within(panel).findByRole('link', { name: 'Title 24' });
      expect(within(panel).queryByRole('link', { name: 'Title 25' })).toBeNull();

      fireEvent.click(within(panel).getByRole('button', { name: uiStrings.next }));
      await within(panel).findByRole('link', { name: 'Title 30' });
      within(panel).getByText(english('ui:pageOf', { page: 2, pages: 2 }));
      expect(fakes.api.requests).toContain(`/api/users/${USER_ID}/watch-history?page=2&pageSize=24`);
    });
  });

  describe('Favorites', () => {
    it('says so when there are none', async () => {
      const panel = await openTab('favorites');
      await within(panel).findByText('No favorites yet.');
    });

    it('shows poster, title, genre and rating out of 10', async () => {
      data.favorites = [aFavorite({ title: 'Golden Hour', genre: 'Romance', rating: 8.6 })];
      const panel = await openTab('favorites');
      const link = await within(panel).findByRole('link', { name: 'Golden Hour' });
      const card = link.closest('li') as HTMLElement;
      within(card).getByText('Romance');
      within(card).getByText('8.6/10');
      within(card).getByRole('img', { name: 'Poster for Golden Hour' });
    });

    it('removes at once; a refusal puts it back with the SPEC alert', async () => {
      data.favorites = [aFavorite({ title: 'First' }), aFavorite({ title: 'Second' })];
      const panel = await openTab('favorites');
      await within(panel).findByRole('link', { name: 'Second' });

      failing = { method: 'DELETE', prefix: `/api/users/${USER_ID}/favorites/` };
      fireEvent.click(
        within(panel).getByRole('button', {
          name: english('userData:removeFavoriteTitle', { title: 'Second' }),
        }),
      );
      await waitFor(() => expect(within(panel).queryByRole('link', { name: 'Second' })).toBeNull());
      const alert = await screen.findByText('Failed to remove from favorites');
      expect(alert.closest('[role="alert"]')).toBeTruthy();
      await within(panel).findByRole('link', { name: 'Second' });
      const titles = within(panel)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent);
      expect(titles).toEqual(['First', 'Second']);
    });
  });
});
