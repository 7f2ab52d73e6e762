import type { AdminMovie, MediaAsset } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie, aPage } from '@web/test/movie-factory';
import { renderApp } from '@web/test/render-app';
import { adminMovieStrings } from '../strings';
import { aMediaAsset, installFakeXhr } from '../testing/media-test-kit';

const ID = '65f0c0ffee000000000000e1';
const live: AdminMovie = { ...aMovie({ id: ID, title: 'Live Wire', status: 'published' }), reviews: [] };
const t = adminMovieStrings.media;
const POLL_WAIT = { timeout: 5_000 };

jest.setTimeout(20_000);

describe('Media section of a title (admin)', () => {
  let api: FakeApi;
  let asset: MediaAsset;
  let sent: { method: string; path: string }[];
  let xhr: ReturnType<typeof installFakeXhr>;

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('admin');
    sent = [];
    asset = aMediaAsset();
    xhr = installFakeXhr();
    api = await startFakeApi((request, url) => {
      sent.push({ method: request.method ?? '', path: url.pathname });
      if (url.pathname === '/api/admin/movies') return { status: 200, body: aPage([live]) };
      if (url.pathname === '/api/users')
        return { status: 200, body: { success: true, data: [], page: 1, pageSize: 24, total: 0 } };
      if (url.pathname === `/api/admin/media/${ID}`) return { status: 200, body: asset };
      if (url.pathname === `/api/admin/media/${ID}/upload`)
        return {
          status: 200,
          body: {
            uploadUrl: `/stream/upload/ticket-1`,
            expiresAt: '2030-01-01T00:00:00.000Z',
            maxBytes: 4 * 1024 ** 3,
          },
        };
      if (url.pathname === `/api/admin/media/${ID}/retry`) {
        asset = aMediaAsset({ status: 'queued' });
        return { status: 200, body: asset };
      }
      return undefined;
    });
  });

  afterEach(async () => {
    xhr.uninstall();
    await api.close();
  });

  const openMedia = async () => {
    renderApp({ path: '/admindashboard', apiBaseUrl: api.baseUrl });
    const card = await screen.findByRole('article', { name: 'Live Wire' });
    fireEvent.click(within(card).getByRole('button', { name: adminMovieStrings.edit }));
    const dialog = screen.getByRole('dialog', { name: adminMovieStrings.editMovie });
    return within(dialog).getByRole('region', { name: t.heading });
  };

  it('uploads a video with its progress, then follows the transcode (every 2 s) to the result', async () => {
    const media = await openMedia();
    await within(media).findByText(t.statuses.none);

    const input = within(media).getByLabelText(t.upload) as HTMLInputElement;
    expect(input.accept).toBe('video/*');
    const file = new File(['0123456789'], 'holiday.mp4', { type: 'video/mp4' });
    fireEvent.change(input, { target: { files: [file] } });

    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    expect(xhr.last()).toMatchObject({ method: 'PUT', url: '/stream/upload/ticket-1', body: file });
    expect(xhr.last().headers['content-type']).toBe('video/mp4');
    expect(sent).toContainEqual({ method: 'POST', path: `/api/admin/media/${ID}/upload` });

    act(() => xhr.last().progress(5, 10));
    within(media).getByText(t.uploading(50));
    expect(within(media).getByRole('progressbar', { name: t.uploadProgress }).getAttribute('value')).toBe(
      '50',
    );

    asset = aMediaAsset({ status: 'processing', progress: 40, etaSeconds: 90 });
    act(() => xhr.last().respond(202, aMediaAsset({ status: 'queued' })));
    await within(media).findByText(t.statuses.queued);

    // Polled while the job runs: percentage and ETA.
    await within(media).findByText('40% · about 2 min left', {}, POLL_WAIT);
    expect(within(media).getByRole('progressbar', { name: t.processingProgress }).getAttribute('value')).toBe(
      '40',
    );

    asset = aMediaAsset({
      status: 'ready',
      progress: 100,
      durationSeconds: 92,
      renditions: ['1080p', '720p', '480p'],
      source: 'upload',
      sourceName: 'holiday.mp4',
    });
    await within(media).findByText(t.statuses.ready, {}, POLL_WAIT);
    within(media).getByText('1080p, 720p, 480p');
    within(media).getByText('1:32');

    // Done: polling stops.
    const polls = sent.filter(({ path }) => path === `/api/admin/media/${ID}`).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sent.filter(({ path }) => path === `/api/admin/media/${ID}`)).toHaveLength(polls);
  });

  it('says why an upload was refused (413 too large, 400 not a video)', async () => {
    const media = await openMedia();
    const input = await within(media).findByLabelText(t.upload);
    fireEvent.change(input, { target: { files: [new File(['x'], 'big.mp4', { type: 'video/mp4' })] } });
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    act(() =>
      xhr.last().respond(413, { code: 'PAYLOAD_TOO_LARGE', message: t.tooLarge, correlationId: 'c' }),
    );
    await within(media).findByText(t.tooLarge);

    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.mp4', { type: 'video/mp4' })] } });
    await waitFor(() => expect(xhr.uploads).toHaveLength(2));
    act(() =>
      xhr.last().respond(400, { code: 'VALIDATION_FAILED', message: t.notVideo, correlationId: 'c' }),
    );
    await within(media).findByText(t.notVideo);
  });

  it('shows why a job failed, and Retry runs it again', async () => {
    asset = aMediaAsset({ status: 'failed', error: 'ffprobe could not read the file' });
    const media = await openMedia();

    await within(media).findByText(t.failedBecause('ffprobe could not read the file'));
    fireEvent.click(within(media).getByRole('button', { name: t.retry }));

    await within(media).findByText(t.statuses.queued);
    expect(sent).toContainEqual({ method: 'POST', path: `/api/admin/media/${ID}/retry` });
  });
});
