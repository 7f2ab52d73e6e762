import type { PlaybackSession } from '@app/contracts';
import { act, waitFor } from '@testing-library/react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { renderHookWithApi } from '@web/test/render-hook';
import { playbackApi } from '../api/playback.api';
import { aPlaybackSession, installBeacon, MOVIE_ID } from '../testing/player-test-kit';
import { usePlaybackSession } from './usePlaybackSession';

const API = 'http://127.0.0.1:9';

describe('usePlaybackSession', () => {
  let answer: (session: PlaybackSession) => void;

  beforeEach(() => {
    window.localStorage.clear();
    signInAs('user');
    jest.spyOn(playbackApi, 'start').mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
  });

  afterEach(() => jest.restoreAllMocks());

  it('takes no screen until the viewer chose where to start', () => {
    renderHookWithApi(() => usePlaybackSession(MOVIE_ID, false), { apiBaseUrl: API });
    expect(playbackApi.start).not.toHaveBeenCalled();
  });

  it('gives back at once a screen the server took after the player went away (exit, no watch time)', async () => {
    const beacon = installBeacon();
    try {
      const { unmount } = renderHookWithApi(() => usePlaybackSession(MOVIE_ID, true), { apiBaseUrl: API });
      expect(playbackApi.start).toHaveBeenCalledTimes(1);
      unmount();

      const session = aPlaybackSession({ resumePositionSeconds: 754 });
      await act(async () => answer(session));

      expect(beacon.sent.map(({ body }) => body)).toEqual([
        {
          token: session.token,
          leaseId: session.leaseId,
          positionSeconds: 754,
          durationSeconds: session.durationSeconds,
          event: 'exit',
          watchedSeconds: 0,
        },
      ]);
    } finally {
      beacon.uninstall();
    }
  });

  it('keeps the screen of a player still waiting for it', async () => {
    const beacon = installBeacon();
    try {
      const { result } = renderHookWithApi(() => usePlaybackSession(MOVIE_ID, true), { apiBaseUrl: API });
      await act(async () => answer(aPlaybackSession()));

      await waitFor(() => expect(result.current.data?.leaseId).toBe(aPlaybackSession().leaseId));
      expect(beacon.sent).toEqual([]);
    } finally {
      beacon.uninstall();
    }
  });
});
