import type { AdminMovie, MediaAsset } from '@app/contracts';
import { StreamingMessages } from '@app/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie, aPage } from '@web/test/movie-factory';
import { renderApp } from '@web/test/render-app';
import { english } from '@web/shared/i18n/english';
import { adminMovieStrings } from '../strings';
import { aMediaAsset, installFakeXhr } from '../testing/media-test-kit';

const ID = '65f0c0ffee000000000000e1';
const live: AdminMovie = { ...aMovie({ id: ID, title: 'Live Wire', status: 'published' }), reviews: [] };
const t = adminMovieStrings.media;
const POLL_WAIT = { timeout: 5_000 };

describe('Media section of a title (admin)', () => {
  let api: FakeApi;
  let asset: MediaAsset;
  let sent: { method: string; path: string }[];
  let xhr: ReturnType<typeof installFakeXhr>;
  let subtitleRequests: Array<{ language: string; cc: boolean; file: string }>;
  let audioRequests: unknown[];

  beforeEach(async () => {
    window.localStorage.clear();
    signInAs('admin');
    sent = [];
    asset = aMediaAsset();
    xhr = installFakeXhr();
    subtitleRequests = [];
    audioRequests = [];
    api = await startFakeApi((request, url, body) => {
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
      if (url.pathname === `/api/admin/media/${ID}/subtitles`) {
        const { language, cc, file } = body as { language: string; cc: boolean; file: string };
        subtitleRequests.push({ language, cc, file });
        if (!file.startsWith('1\n'))
          return {
            status: 400,
            body: {
              code: 'VALIDATION_FAILED',
              message: 'The subtitle file must be WebVTT or SRT.',
              correlationId: 'c',
            },
          };
        asset = { ...asset, subtitleTracks: [{ language, name: 'English CC', isDefault: false, cc }] };
        return { status: 200, body: asset };
      }
      if (url.pathname === `/api/admin/media/${ID}/audio`) {
        audioRequests.push(body);
        if ((body as { language: string }).language === 'hi')
          return {
            status: 409,
            body: { code: 'CONFLICT', message: StreamingMessages.audioLanguageTaken, correlationId: 'c' },
          };
        return {
          status: 200,
          body: {
            uploadUrl: '/stream/upload/audio-ticket',
            expiresAt: '2030-01-01T00:00:00.000Z',
            maxBytes: 1024,
          },
        };
      }
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
    within(media).getByText(english('adminMovies:media.uploading', { percent: 50 }));
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

  it('shows the audio and subtitle tracks with their state and adds an SRT file as English CC (issue 26)', async () => {
    asset = aMediaAsset({
      status: 'ready',
      progress: 100,
      durationSeconds: 100,
      renditions: ['480p'],
      audioTracks: [
        { language: 'hi', name: 'हिन्दी', isDefault: true },
        { language: 'en', name: 'English', isDefault: false },
      ],
      subtitleTracks: [],
    });
    const media = await openMedia();
    const tracks = await within(media).findByRole('region', { name: adminMovieStrings.tracks.heading });
    within(tracks).getByText(`हिन्दी (${adminMovieStrings.tracks.defaultTrack}) · Ready, English · Ready`);
    within(tracks).getByText(adminMovieStrings.tracks.none);

    const form = within(tracks).getByRole('form', { name: adminMovieStrings.tracks.addSubtitles });
    fireEvent.change(within(form).getByLabelText(adminMovieStrings.tracks.language), {
      target: { value: 'en' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: adminMovieStrings.tracks.markCc }));
    const input = within(form).getByLabelText(adminMovieStrings.tracks.file);
    fireEvent.change(input, {
      target: { files: [new File(['notes'], 'notes.txt', { type: 'text/plain' })] },
    });
    fireEvent.click(within(form).getByRole('button', { name: adminMovieStrings.tracks.addSubtitles }));
    // The server's reason for a refused file.
    await within(form).findByText('The subtitle file must be WebVTT or SRT.');

    const srt = '1\n00:00:01,000 --> 00:00:02,000\n[music]\n';
    fireEvent.change(input, { target: { files: [new File([srt], 'film.srt')] } });
    fireEvent.click(within(form).getByRole('button', { name: adminMovieStrings.tracks.addSubtitles }));
    await within(tracks).findByText('English CC · Ready');
    expect(subtitleRequests.at(-1)).toEqual({ language: 'en', cc: true, file: srt });
  });

  it('adds an audio track in a language with its upload progress, then shows its state to ready (issue 26)', async () => {
    const tr = adminMovieStrings.tracks;
    const english_ = { language: 'en', name: 'English', isDefault: true };
    const ready = aMediaAsset({ status: 'ready', progress: 100, durationSeconds: 100, renditions: ['480p'] });
    asset = {
      ...ready,
      audioTracks: [english_],
      addedAudio: [
        { language: 'bn', name: 'বাংলা', status: 'failed', progress: 30, error: 'ffprobe failed: bad file' },
      ],
    };
    const media = await openMedia();
    const tracks = await within(media).findByRole('region', { name: tr.heading });
    within(tracks).getByText(
      `English (${tr.defaultTrack}) · Ready, বাংলা · ${english('adminMovies:tracks.audioStates.failed', { reason: 'ffprobe failed: bad file' })}`,
    );

    const form = within(tracks).getByRole('form', { name: tr.addAudio });
    const input = within(form).getByLabelText(tr.audioFile) as HTMLInputElement;
    expect(input.accept).toContain('audio/*');
    const submit = within(form).getByRole('button', { name: tr.addAudio });
    expect(submit).toHaveProperty('disabled', true);
    // Each language named in the interface's language and in its own script (a script the admin's fonts lack
    // still leaves a name they can read).
    const options = within(within(form).getByLabelText(tr.language)).getAllByRole('option');
    expect(options.slice(0, 3).map((option) => option.textContent)).toEqual([
      'Hindi · हिन्दी',
      'English',
      'Tamil · தமிழ்',
    ]);

    // A language heard already: the server's reason, nothing sent.
    fireEvent.change(within(form).getByLabelText(tr.language), { target: { value: 'hi' } });
    fireEvent.change(input, { target: { files: [new File(['x'], 'hindi.m4a', { type: 'audio/mp4' })] } });
    fireEvent.click(submit);
    await within(form).findByText(StreamingMessages.audioLanguageTaken);
    expect(xhr.uploads).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(tr.language), { target: { value: 'ta' } });
    fireEvent.change(within(form).getByLabelText(tr.audioLabel), { target: { value: ' Tamil (Dub) ' } });
    const dub = new File(['0123456789'], 'tamil.m4a', { type: 'audio/mp4' });
    fireEvent.change(input, { target: { files: [dub] } });
    fireEvent.click(submit);
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    expect(audioRequests.at(-1)).toEqual({ language: 'ta', label: 'Tamil (Dub)' });
    expect(xhr.last()).toMatchObject({ method: 'PUT', url: '/stream/upload/audio-ticket', body: dub });

    act(() => xhr.last().progress(5, 10));
    within(form).getByText(english('adminMovies:tracks.uploadingAudio', { percent: 50 }));
    expect(
      within(form).getByRole('progressbar', { name: tr.audioUploadProgress }).getAttribute('value'),
    ).toBe('50');

    // Queued, then polled while it is processed, to ready.
    const dubOf = (status: 'queued' | 'processing' | 'ready', progress: number) => ({
      language: 'ta',
      name: 'Tamil (Dub)',
      status,
      progress,
      error: null,
    });
    asset = { ...ready, audioTracks: [english_], addedAudio: [dubOf('processing', 40)] };
    act(() =>
      xhr.last().respond(202, { ...ready, audioTracks: [english_], addedAudio: [dubOf('queued', 0)] }),
    );
    await within(form).findByText(english('adminMovies:tracks.audioUploaded', { language: 'தமிழ்' }));
    within(tracks).getByText(`English (${tr.defaultTrack}) · Ready, Tamil (Dub) · ${tr.audioStates.queued}`);
    await within(tracks).findByText(
      `English (${tr.defaultTrack}) · Ready, Tamil (Dub) · ${english('adminMovies:tracks.audioStates.processing', { percent: 40 })}`,
      {},
      POLL_WAIT,
    );

    asset = {
      ...ready,
      audioTracks: [english_, { language: 'ta', name: 'Tamil (Dub)', isDefault: false }],
      addedAudio: [dubOf('ready', 100)],
    };
    await within(tracks).findByText(
      `English (${tr.defaultTrack}) · Ready, Tamil (Dub) · Ready`,
      {},
      POLL_WAIT,
    );
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

    await within(media).findByText(
      english('adminMovies:media.failedBecause', { reason: 'ffprobe could not read the file' }),
    );
    fireEvent.click(within(media).getByRole('button', { name: t.retry }));

    await within(media).findByText(t.statuses.queued);
    expect(sent).toContainEqual({ method: 'POST', path: `/api/admin/media/${ID}/retry` });
  });
});
