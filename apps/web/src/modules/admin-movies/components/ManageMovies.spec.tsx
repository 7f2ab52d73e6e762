import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { aReview, signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie, aPage } from '@web/test/movie-factory';
import { renderApp } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { adminMovieStrings as t } from '../strings';
import { adminMovieStringsHi as hindi } from '../strings.hi';
import type { AdminMovie } from '@app/contracts';

const draft: AdminMovie = {
  ...aMovie({ id: '65f0c0ffee000000000000d1', title: 'Draft Night', status: 'draft', genre: 'Drama' }),
  reviews: [],
};
const live: AdminMovie = {
  ...aMovie({ id: '65f0c0ffee000000000000e1', title: 'Live Wire', status: 'published', genre: 'Action' }),
  reviews: [aReview({ id: '65f0c0ffee000000000000f1', username: 'Troll', content: 'Spam spam' })],
};

describe('Manage Movies', () => {
  let api: FakeApi;
  let sent: { method: string; path: string; body: unknown; auth?: string }[];

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('admin');
    sent = [];
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  const serve = (write: { status: number; body: unknown } = { status: 200, body: { data: draft } }) =>
    api.respond((request, url, body) => {
      if (url.pathname === '/api/admin/movies') return { status: 200, body: aPage([draft, live]) };
      if (url.pathname === '/api/users')
        return { status: 200, body: { success: true, data: [], page: 1, pageSize: 24, total: 0 } };
      if (url.pathname.startsWith('/api/movies')) {
        sent.push({
          method: request.method ?? '',
          path: url.pathname,
          body,
          auth: request.headers.authorization,
        });
        return write;
      }
      return undefined;
    });

  const openManage = async (heading: string = t.heading) => {
    renderApp({ path: '/admindashboard', apiBaseUrl: api.baseUrl });
    return screen.findByRole('region', { name: heading });
  };

  const card = (title: string) => screen.getByRole('article', { name: title });

  it('lists each title with its status badge, reviews and the buttons; Publish only on drafts', async () => {
    serve();
    await openManage();

    await screen.findByRole('article', { name: 'Draft Night' });
    within(card('Draft Night')).getByText(t.statuses.draft);
    within(card('Draft Night')).getByRole('button', { name: t.publish });
    within(card('Live Wire')).getByText(t.statuses.published);
    expect(within(card('Live Wire')).queryByRole('button', { name: t.publish })).toBeNull();
    within(card('Live Wire')).getByText(/Spam spam/);
    expect(sent).toEqual([]);
  });

  it('shows Manage Movies in Hindi once the interface is Hindi: cards, schedule in IST, the form and its rules', async () => {
    api.respond((_request, url) =>
      url.pathname === '/api/admin/movies'
        ? { status: 200, body: aPage([{ ...draft, publishAt: '2030-01-15T15:00:00.000Z' }, live]) }
        : undefined,
    );
    await act(() => i18next.changeLanguage('hi'));
    await openManage(hindi.heading);

    await screen.findByRole('article', { name: 'Draft Night' });
    within(card('Draft Night')).getByText(hindi.statuses.draft);
    within(card('Draft Night')).getByRole('button', { name: hindi.publish });
    within(card('Draft Night')).getByText('15 जन॰ 2030, 8:30 pm IST को लाइव होगी');
    within(card('Live Wire')).getByRole('button', { name: 'Troll का रिव्यू हटाएँ' });
    screen.getByRole('searchbox', { name: hindi.searchLabel });

    fireEvent.click(screen.getByRole('button', { name: hindi.addMovie }));
    const dialog = screen.getByRole('dialog', { name: hindi.addMovie });
    within(dialog).getByRole('checkbox', { name: hindi.descriptorLabels.violence });
    fireEvent.change(within(dialog).getByLabelText(hindi.fields.posterUrl), {
      target: { value: 'not a url' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: hindi.save }));
    within(dialog).getByText(hindi.errors.title);
    within(dialog).getByText(hindi.errors.posterUrl);
    within(dialog).getByText(hindi.errors.classification);
  });

  it('checks the form rules of SPEC 5 before sending anything', async () => {
    serve();
    await openManage();
    fireEvent.click(await screen.findByRole('button', { name: t.addMovie }));
    const dialog = screen.getByRole('dialog', { name: t.addMovie });

    fireEvent.change(within(dialog).getByLabelText(t.fields.rating), { target: { value: '10.05' } });
    fireEvent.change(within(dialog).getByLabelText(t.fields.posterUrl), { target: { value: 'not a url' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.save }));

    // Every rule but the descriptors', which may all be left unticked (nothing to warn of).
    const { descriptors: _none, ...messages } = t.errors;
    for (const message of Object.values(messages)) within(dialog).getByText(message);
    within(dialog).getByText('Classification is required (U, U/A 7+, U/A 13+, U/A 16+ or A)');
    expect(sent).toEqual([]);
  });

  const fillValid = (dialog: HTMLElement) => {
    fireEvent.change(within(dialog).getByLabelText(t.fields.title), { target: { value: 'Monsoon Skies' } });
    fireEvent.change(within(dialog).getByLabelText(t.fields.genre), { target: { value: 'Drama' } });
    fireEvent.change(within(dialog).getByLabelText(t.fields.rating), { target: { value: '7.8' } });
    fireEvent.change(within(dialog).getByLabelText(t.fields.classification), { target: { value: 'UA13' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Strong language' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Violence' }));
    fireEvent.change(within(dialog).getByLabelText(t.fields.posterUrl), {
      target: { value: 'https://img.example.in/p.jpg' },
    });
    fireEvent.change(within(dialog).getByLabelText(t.fields.description), {
      target: { value: 'Rain, love, Mumbai.' },
    });
  };

  it("adds a movie with the admin token and says 'Movie added successfully'", async () => {
    serve({ status: 201, body: { data: draft, message: 'Movie added successfully' } });
    await openManage();
    fireEvent.click(await screen.findByRole('button', { name: t.addMovie }));
    fillValid(screen.getByRole('dialog'));
    fireEvent.click(screen.getByRole('button', { name: t.save }));

    await screen.findByText(t.added);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/movies',
      auth: 'Bearer admin-token',
      body: {
        title: 'Monsoon Skies',
        genre: 'Drama',
        rating: 7.8,
        posterUrl: 'https://img.example.in/p.jpg',
        description: 'Rain, love, Mumbai.',
        // Ticked language, then violence: sent in the contract's order.
        classification: 'UA13',
        descriptors: ['violence', 'language'],
        status: 'draft',
        // The Add press's key: sent again, the server answers the same title.
        idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      },
    });
  });

  it('adds once and says so once when Save is double-clicked', async () => {
    serve({ status: 201, body: { data: draft, message: 'Movie added successfully' } });
    await openManage();
    fireEvent.click(await screen.findByRole('button', { name: t.addMovie }));
    fillValid(screen.getByRole('dialog'));
    const save = screen.getByRole('button', { name: t.save });
    // Both clicks land before React renders Save disabled (a real double click is as quick).
    fireEvent.click(save);
    fireEvent.click(save);

    await screen.findByText(t.added);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/movies']);
    expect(screen.getAllByText(t.added)).toHaveLength(1);
  });

  it('sends a failed Add again with the same key, and a new Add with a new one', async () => {
    serve({ status: 500, body: { code: 'INTERNAL', message: 'boom', correlationId: 'c' } });
    await openManage();
    fireEvent.click(await screen.findByRole('button', { name: t.addMovie }));
    fillValid(screen.getByRole('dialog'));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await screen.findByText(t.addFailed);

    serve({ status: 201, body: { data: draft, message: 'Movie added successfully' } });
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await screen.findByText(t.added);
    fireEvent.click(screen.getByRole('button', { name: t.addMovie }));
    fillValid(screen.getByRole('dialog'));
    fireEvent.click(screen.getByRole('button', { name: t.save }));
    await waitFor(() => expect(sent).toHaveLength(3));

    const keys = sent.map(({ body }) => (body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('saves an edit once when Save is double-clicked', async () => {
    serve({ status: 200, body: { data: draft, message: 'Movie updated successfully' } });
    await openManage();
    await screen.findByRole('article', { name: 'Draft Night' });
    fireEvent.click(within(card('Draft Night')).getByRole('button', { name: t.edit }));
    const dialog = screen.getByRole('dialog', { name: t.editMovie });
    fireEvent.change(within(dialog).getByLabelText(t.fields.title), { target: { value: 'Draft Night II' } });
    const save = within(dialog).getByRole('button', { name: t.save });
    fireEvent.click(save);
    fireEvent.click(save);

    await screen.findByText(t.updated);
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([`PUT /api/movies/${draft.id}`]);
    expect(screen.getAllByText(t.updated)).toHaveLength(1);
  });

  it("says 'Failed to add movie' when the server refuses, and keeps the form", async () => {
    serve({ status: 500, body: { code: 'INTERNAL', message: 'boom', correlationId: 'c' } });
    await openManage();
    fireEvent.click(await screen.findByRole('button', { name: t.addMovie }));
    fillValid(screen.getByRole('dialog'));
    fireEvent.click(screen.getByRole('button', { name: t.save }));

    expect((await screen.findByText(t.addFailed)).closest('[role="alert"]')).not.toBeNull();
    screen.getByRole('dialog');
  });

  it.each([
    [{ status: 200, body: { data: draft, message: 'Movie updated successfully' } }, t.updated, 'status'],
    [
      { status: 500, body: { code: 'INTERNAL', message: 'boom', correlationId: 'c' } },
      t.updateFailed,
      'alert',
    ],
  ] as const)('edits a movie and says %#', async (answer, message, role) => {
    serve(answer);
    await openManage();
    await screen.findByRole('article', { name: 'Draft Night' });
    fireEvent.click(within(card('Draft Night')).getByRole('button', { name: t.edit }));
    const dialog = screen.getByRole('dialog', { name: t.editMovie });
    expect((within(dialog).getByLabelText(t.fields.title) as HTMLInputElement).value).toBe('Draft Night');
    fireEvent.change(within(dialog).getByLabelText(t.fields.title), { target: { value: 'Draft Night II' } });
    fireEvent.click(within(dialog).getByRole('button', { name: t.save }));

    expect((await screen.findByText(message)).closest(`[role="${role}"]`)).not.toBeNull();
    expect(sent[0]).toEqual({
      method: 'PUT',
      path: `/api/movies/${draft.id}`,
      auth: 'Bearer admin-token',
      body: { title: 'Draft Night II' },
    });
  });

  it('publishes a draft, removes a review and deletes after confirmation', async () => {
    serve({ status: 200, body: { data: { ...draft, status: 'published' } } });
    await openManage();
    await screen.findByRole('article', { name: 'Draft Night' });

    fireEvent.click(within(card('Draft Night')).getByRole('button', { name: t.publish }));
    await screen.findByText(english('adminMovies:published', { title: 'Draft Night' }));

    // A review goes only once the admin has been told what goes with it and said yes; Keep leaves it be.
    fireEvent.click(
      within(card('Live Wire')).getByRole('button', {
        name: english('adminMovies:removeReview', { author: 'Troll' }),
      }),
    );
    let ask = within(card('Live Wire')).getByRole('group', {
      name: english('adminMovies:removeReview', { author: 'Troll' }),
    });
    within(ask).getByText(english('adminMovies:confirmRemoveReview', { author: 'Troll' }));
    fireEvent.click(within(ask).getByRole('button', { name: t.keepReview }));
    expect(sent).toHaveLength(1);
    fireEvent.click(
      within(card('Live Wire')).getByRole('button', {
        name: english('adminMovies:removeReview', { author: 'Troll' }),
      }),
    );
    ask = within(card('Live Wire')).getByRole('group', {
      name: english('adminMovies:removeReview', { author: 'Troll' }),
    });
    fireEvent.click(within(ask).getByRole('button', { name: t.confirmRemove }));
    await screen.findByText(t.reviewRemoved);

    fireEvent.click(within(card('Live Wire')).getByRole('button', { name: t.delete }));
    fireEvent.click(within(card('Live Wire')).getByRole('button', { name: t.confirmDelete }));
    await screen.findByText(english('adminMovies:deleted', { title: 'Live Wire' }));

    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      `PUT /api/movies/${draft.id}/publish`,
      `DELETE /api/movies/${live.id}/reviews/${live.reviews[0].id}`,
      `DELETE /api/movies/${live.id}`,
    ]);
  });
});
