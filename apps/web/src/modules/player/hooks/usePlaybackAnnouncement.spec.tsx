import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { fakeMedia } from '../testing/player-test-kit';
import { SEEK_ANNOUNCE_DELAY_MS, usePlaybackAnnouncement } from './usePlaybackAnnouncement';

describe('what a screen reader hears of playback (issue 26)', () => {
  afterEach(async () => {
    jest.useRealTimers();
    await act(() => i18next.changeLanguage('en'));
  });

  it('says play and pause with the time, and a run of seeks once, where it ended; nothing as time passes', async () => {
    jest.useFakeTimers();
    const media = fakeMedia();
    const { result } = renderHook(() => usePlaybackAnnouncement(media, 5400));
    expect(result.current).toBe('');

    act(() => {
      media.at(754);
      media.dispatchEvent(new Event('play'));
    });
    expect(result.current).toBe('Playing, 12:34 of 1:30:00');
    act(() => {
      media.at(800);
      media.dispatchEvent(new Event('timeupdate'));
    });
    expect(result.current).toBe('Playing, 12:34 of 1:30:00');

    act(() => {
      media.at(810, true);
      media.dispatchEvent(new Event('pause'));
    });
    expect(result.current).toBe('Paused, 13:30 of 1:30:00');

    for (const time of [820, 830, 840])
      act(() => {
        media.at(time, true);
        media.dispatchEvent(new Event('seeked'));
        jest.advanceTimersByTime(SEEK_ANNOUNCE_DELAY_MS / 2);
      });
    expect(result.current).toBe('Paused, 13:30 of 1:30:00');
    act(() => jest.advanceTimersByTime(SEEK_ANNOUNCE_DELAY_MS));
    expect(result.current).toBe('14:00 of 1:30:00');

    await act(() => i18next.changeLanguage('hi'));
    act(() => {
      media.dispatchEvent(new Event('play'));
    });
    expect(result.current).toBe('चल रहा है, 1:30:00 में से 14:00');
  });

  it('says the position alone while no duration is known', () => {
    const media = fakeMedia();
    Object.assign(media, { duration: Number.NaN });
    const { result } = renderHook(() => usePlaybackAnnouncement(media, null));
    act(() => {
      media.at(65);
      media.dispatchEvent(new Event('play'));
    });
    expect(result.current).toBe('Playing, 1:05');
  });
});
