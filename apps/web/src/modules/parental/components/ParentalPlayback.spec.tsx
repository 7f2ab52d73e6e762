import { ParentalMessages } from '@app/contracts';
import type { MovieDetail } from '@app/contracts';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import {
  CLASSIFICATION_OVERLAY_MS,
  ClassificationOverlay,
} from '@web/modules/player/components/ClassificationOverlay';
import { aPlaybackSession, MOVIE_ID, previewAnswer } from '@web/modules/player/testing/player-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { aMovie } from '@web/test/movie-factory';
import { renderApp, waitForPage } from '@web/test/render-app';
import { parentalStrings } from '../strings';
import { english } from '@web/shared/i18n/english';

const { prompt, age } = parentalStrings;

const movie = (): MovieDetail => ({
  ...aMovie({ id: MOVIE_ID, title: 'Golden Hour', access: 'free' }),
  topReviews: [],
});
const refused = (status: number, code: string, message: string) => ({
  status,
  body: { code, message, correlationId: 'c-1' },
});
type Answer = { status: number; body: unknown };

// Issue 25 in the player: what the server asks before a title plays (the account's parental PIN, the account
// holder's date of birth for an A title), and the class over the first seconds of playback.
describe('the classification overlay (IT Rules 2021)', () => {
  it('goes after its first seconds, leaving its live region empty', () => {
    jest.useFakeTimers();
    render(<ClassificationOverlay rating={{ classification: 'A', descriptors: [] }} />);
    expect(screen.getByRole('status').textContent).toBe('Rated A');
    act(() => jest.advanceTimersByTime(CLASSIFICATION_OVERLAY_MS));
    expect(screen.getByRole('status').textContent).toBe('');
    jest.useRealTimers();
  });
});

describe('parental controls in the player (issue 25)', () => {
  let api: FakeApi;
  let starts: unknown[];
  let declared: unknown[];

  beforeEach(async () => {
    window.localStorage.clear();
    starts = [];
    declared = [];
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  /** The server: `start` answers each POST of the title (in order), the preview resumes at 0. */
  const serve = (start: (body: { parentalPin?: string }) => Answer) =>
    api.respond((request, url, body) => {
      if (url.pathname === `/api/movies/${MOVIE_ID}`) return { status: 200, body: movie() };
      if (url.pathname === '/api/parental/age') {
        declared.push(body);
        return { status: 200, body: { pinSet: false, pinFrom: 'A', adultDeclared: true } };
      }
      if (url.pathname !== `/api/playback/${MOVIE_ID}`) return undefined;
      if (request.method !== 'POST') return previewAnswer({ status: 200, body: aPlaybackSession() });
      starts.push(body);
      return start(body as { parentalPin?: string });
    });
  const open = async () => {
    signInAs('user');
    renderApp({ path: `/video?movie=${MOVIE_ID}`, apiBaseUrl: api.baseUrl });
    await waitForPage();
  };
  const surface = () =>
    screen.findByRole('region', { name: english('player:playerLabel', { title: 'Golden Hour' }) });

  it("asks the parental PIN the server wants; a wrong one shows the server's words with the tries left, the right one plays", async () => {
    serve(({ parentalPin }) => {
      if (parentalPin === undefined)
        return refused(403, 'PARENTAL_PIN_REQUIRED', ParentalMessages.pinRequired);
      if (parentalPin !== '2468') return refused(403, 'PARENTAL_PIN_REQUIRED', ParentalMessages.wrongPin(4));
      return { status: 200, body: aPlaybackSession() };
    });
    await open();

    const gate = within(await screen.findByRole('region', { name: prompt.title }));
    // The first ask says what is needed, not an error.
    expect(gate.queryByRole('alert')).toBeNull();
    fireEvent.change(gate.getByLabelText(prompt.label), { target: { value: '12' } });
    fireEvent.click(gate.getByRole('button', { name: prompt.submit }));
    gate.getByText(prompt.invalid);
    expect(starts).toHaveLength(1);

    fireEvent.change(gate.getByLabelText(prompt.label), { target: { value: '1111' } });
    fireEvent.click(gate.getByRole('button', { name: prompt.submit }));
    const again = within(await screen.findByRole('region', { name: prompt.title }));
    expect((await again.findByRole('alert')).textContent).toBe(ParentalMessages.wrongPin(4));

    fireEvent.change(again.getByLabelText(prompt.label), { target: { value: '2468' } });
    fireEvent.click(again.getByRole('button', { name: prompt.submit }));
    await surface();
    expect(starts.map((body) => (body as { parentalPin?: string }).parentalPin)).toEqual([
      undefined,
      '1111',
      '2468',
    ]);
  });

  it('keeps the prompt, with the wait the server names, after too many wrong PINs (429)', async () => {
    serve(({ parentalPin }) =>
      parentalPin === undefined
        ? refused(403, 'PARENTAL_PIN_REQUIRED', ParentalMessages.pinRequired)
        : refused(429, 'RATE_LIMITED', 'Too many attempts. Please wait and try again.'),
    );
    await open();
    const gate = within(await screen.findByRole('region', { name: prompt.title }));
    fireEvent.change(gate.getByLabelText(prompt.label), { target: { value: '1111' } });
    fireEvent.click(gate.getByRole('button', { name: prompt.submit }));
    const waiting = within(await screen.findByRole('region', { name: prompt.title }));
    expect((await waiting.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait and try again.',
    );
  });

  it('an A title asks the date of birth once; declared, it plays', async () => {
    serve(() =>
      declared.length > 0
        ? { status: 200, body: aPlaybackSession() }
        : refused(403, 'AGE_DECLARATION_REQUIRED', ParentalMessages.ageRequired),
    );
    await open();

    const gate = within(await screen.findByRole('region', { name: age.title }));
    fireEvent.change(gate.getByLabelText(age.label), { target: { value: '1985-04-12' } });
    fireEvent.click(gate.getByRole('button', { name: age.submit }));
    await surface();
    expect(declared).toEqual([{ dateOfBirth: '1985-04-12' }]);
    expect(starts).toHaveLength(2);
  });

  it('shows the class and content descriptors over the first seconds of playback, in a live region', async () => {
    serve(() => ({
      status: 200,
      body: aPlaybackSession({ rating: { classification: 'UA13', descriptors: ['violence', 'language'] } }),
    }));
    await open();
    const player = within(await surface());
    const region = player.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('Rated U/A 13+ · Violence, Language');
  });
});
