import type { HeartbeatReply, HeartbeatRequest } from '@app/contracts';
import { act, cleanup } from '@testing-library/react';
import { renderHookWithApi } from '@web/test/render-hook';
import { playbackApi } from '../api/playback.api';
import { aPlaybackSession, fakeMedia, installBeacon } from '../testing/player-test-kit';
import { usePlaybackHeartbeat } from './usePlaybackHeartbeat';

const API = 'http://127.0.0.1:9';
const session = aPlaybackSession({ heartbeatSeconds: 10 });

describe('usePlaybackHeartbeat', () => {
  let sent: HeartbeatRequest[];
  let reply: HeartbeatReply;

  beforeEach(() => {
    jest.useFakeTimers();
    sent = [];
    reply = { leaseActive: true };
    jest.spyOn(playbackApi, 'heartbeat').mockImplementation(async (_client, body) => {
      sent.push(body);
      return reply;
    });
  });

  afterEach(() => {
    // Unmounted here, under fake timers, so the 'exit' it schedules does not fire in the next test.
    cleanup();
    jest.runOnlyPendingTimers();
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  const mount = (media = fakeMedia(), onLeaseLost = jest.fn(), onToken = jest.fn()) => {
    const view = renderHookWithApi(
      () => usePlaybackHeartbeat({ session, media, startPosition: 0, onLeaseLost, onToken }),
      { apiBaseUrl: API },
    );
    return { ...view, media, onLeaseLost, onToken };
  };
  const events = () => sent.map(({ event, positionSeconds }) => [event, positionSeconds]);

  it("sends 'tick' every heartbeatSeconds while playing, with the token, lease, position and duration", async () => {
    const { media } = mount();
    media.at(0);
    media.dispatchEvent(new Event('playing'));

    media.at(9.94);
    await act(async () => jest.advanceTimersByTime(9_999));
    expect(sent).toEqual([]);

    await act(async () => jest.advanceTimersByTime(1));
    expect(sent).toEqual([
      {
        token: session.token,
        leaseId: session.leaseId,
        positionSeconds: 9.9,
        durationSeconds: 5400,
        event: 'tick',
        watchedSeconds: 10,
      },
    ]);

    media.at(20);
    await act(async () => jest.advanceTimersByTime(10_000));
    media.at(30);
    await act(async () => jest.advanceTimersByTime(10_000));
    expect(events()).toEqual([
      ['tick', 9.9],
      ['tick', 20],
      ['tick', 30],
    ]);
  });

  it("reports at once on pause, seek and end; keeps the screen while paused; a seek to the resume point is not the viewer's", async () => {
    const { media } = mount();
    media.at(754, true);
    media.dispatchEvent(new Event('seeked'));
    expect(sent).toEqual([]);

    media.at(754);
    media.dispatchEvent(new Event('playing'));
    media.at(800, true);
    media.dispatchEvent(new Event('pause'));
    media.at(1200, true);
    media.dispatchEvent(new Event('seeked'));
    await act(async () => jest.advanceTimersByTime(10_000));
    media.at(5400, true);
    media.dispatchEvent(new Event('pause'));
    media.dispatchEvent(new Event('ended'));
    await act(async () => undefined);

    expect(events()).toEqual([
      ['pause', 800],
      ['seek', 1200],
      // Paused: the heartbeat still renews the lease, so coming back after a break does not lose the screen.
      ['pause', 1200],
      ['pause', 5400],
    ]);
  });

  it("uses sendBeacon on page hide ('exit') and when the page is hidden (the position), and 'exit' on unmount", async () => {
    const beacon = installBeacon();
    try {
      const { media, unmount } = mount();
      media.at(42);
      media.dispatchEvent(new Event('playing'));

      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      Reflect.deleteProperty(document, 'visibilityState');
      media.at(43);
      window.dispatchEvent(new Event('pagehide'));

      expect(beacon.sendBeacon).toHaveBeenCalledTimes(2);
      expect(beacon.sent.map(({ url }) => url)).toEqual([
        '/api/playback/heartbeat',
        '/api/playback/heartbeat',
      ]);
      expect(beacon.sent[0].type).toBe('application/json');
      expect(beacon.sent[0].body).toMatchObject({ token: session.token, leaseId: session.leaseId });
      expect(beacon.events()).toEqual([
        ['tick', 42],
        ['exit', 43],
      ]);
      // After the page said goodbye nothing more is sent, not even by the timer.
      await act(async () => jest.advanceTimersByTime(30_000));
      expect(sent).toEqual([]);
      unmount();
      jest.runOnlyPendingTimers();
      expect(beacon.events()).toEqual([
        ['tick', 42],
        ['exit', 43],
      ]);
    } finally {
      beacon.uninstall();
    }
  });

  it("sends 'exit' when the player goes away (leaving the page inside the app)", () => {
    const beacon = installBeacon();
    try {
      const { media, unmount } = mount();
      media.at(61);
      unmount();
      jest.runOnlyPendingTimers();
      expect(beacon.events()).toEqual([['exit', 61]]);
    } finally {
      beacon.uninstall();
    }
  });

  it('stops and tells the player when the server says the lease is gone (stopped from another screen)', async () => {
    const { media, onLeaseLost } = mount();
    media.at(5);
    media.dispatchEvent(new Event('playing'));
    reply = { leaseActive: false };

    await act(async () => jest.advanceTimersByTime(10_000));
    expect(onLeaseLost).toHaveBeenCalledTimes(1);

    await act(async () => jest.advanceTimersByTime(30_000));
    media.dispatchEvent(new Event('pause'));
    expect(sent).toHaveLength(1);
  });

  it('carries the token each live heartbeat answers in every later report and in the exit, and hands it on', async () => {
    const beacon = installBeacon();
    try {
      const { media, onToken } = mount();
      media.at(0);
      media.dispatchEvent(new Event('playing'));
      const renewed = { token: 'tok.renewed00000001', expiresAt: '2030-01-01T00:02:00.000Z' };
      reply = { leaseActive: true, ...renewed };

      media.at(10);
      await act(async () => jest.advanceTimersByTime(10_000));
      expect(onToken).toHaveBeenCalledWith(renewed);
      media.at(20);
      await act(async () => jest.advanceTimersByTime(10_000));
      media.at(21, true);
      media.dispatchEvent(new Event('pause'));
      window.dispatchEvent(new Event('pagehide'));
      await act(async () => undefined);

      expect(sent.map(({ event, token }) => [event, token])).toEqual([
        ['tick', session.token],
        ['tick', renewed.token],
        ['pause', renewed.token],
      ]);
      expect(beacon.sent.map(({ body }) => [body.event, body.token])).toEqual([['exit', renewed.token]]);
      // The same token again is no news.
      expect(onToken).toHaveBeenCalledTimes(1);
    } finally {
      beacon.uninstall();
    }
  });

  it('gives the screen back when the player goes away or the page closes before its media element exists', async () => {
    const beacon = installBeacon();
    try {
      const atResume = (media: null) =>
        renderHookWithApi(
          () =>
            usePlaybackHeartbeat({
              session,
              media,
              startPosition: 754,
              onLeaseLost: jest.fn(),
              onToken: jest.fn(),
            }),
          { apiBaseUrl: API },
        );
      atResume(null).unmount();
      jest.runOnlyPendingTimers();
      atResume(null);
      window.dispatchEvent(new Event('pagehide'));

      const exit = { event: 'exit', positionSeconds: 754, watchedSeconds: 0, leaseId: session.leaseId };
      expect(beacon.sent.map(({ body }) => body)).toEqual([
        expect.objectContaining(exit),
        expect.objectContaining(exit),
      ]);
    } finally {
      beacon.uninstall();
    }
  });

  describe("watchedSeconds (the viewer's watch time)", () => {
    const watched = () => sent.map(({ event, watchedSeconds }) => [event, watchedSeconds]);
    const advance = (ms: number) => act(async () => jest.advanceTimersByTime(ms));

    it('counts wall-clock play time since the previous report, not paused or buffering time, reset after each report', async () => {
      const beacon = installBeacon();
      try {
        const { media } = mount();
        media.at(0);
        media.dispatchEvent(new Event('playing'));
        await advance(10_000);

        await advance(3_000);
        media.dispatchEvent(new Event('waiting'));
        await advance(4_000);
        media.dispatchEvent(new Event('playing'));
        await advance(3_000);

        await advance(5_000);
        media.at(25, true);
        media.dispatchEvent(new Event('pause'));
        await advance(5_000);
        expect(watched()).toEqual([
          ['tick', 10],
          // 3 s played, 4 s buffering, 3 s played.
          ['tick', 6],
          ['pause', 5],
          // Paused for the whole interval: the lease is renewed, no watch time is claimed.
          ['pause', 0],
        ]);

        media.at(25);
        media.dispatchEvent(new Event('playing'));
        await advance(2_000);
        Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
        Reflect.deleteProperty(document, 'visibilityState');
        await advance(1_500);
        window.dispatchEvent(new Event('pagehide'));

        // The beacons take their share too, so nothing is counted twice.
        expect(beacon.sent.map(({ body }) => [body.event, body.watchedSeconds])).toEqual([
          ['tick', 2],
          ['exit', 1.5],
        ]);
      } finally {
        beacon.uninstall();
      }
    });

    it('stops counting at the end and sends the rest with the exit report when the player goes away', async () => {
      const beacon = installBeacon();
      try {
        const { media, unmount } = mount();
        media.at(5390);
        media.dispatchEvent(new Event('playing'));
        await advance(4_000);
        media.at(5394, true);
        media.dispatchEvent(new Event('ended'));
        await advance(3_000);
        expect(watched()).toEqual([['pause', 4]]);

        media.at(0);
        media.dispatchEvent(new Event('playing'));
        await advance(2_500);
        unmount();
        jest.runOnlyPendingTimers();
        expect(beacon.sent.map(({ body }) => [body.event, body.watchedSeconds])).toEqual([['exit', 2.5]]);
      } finally {
        beacon.uninstall();
      }
    });
  });
});
