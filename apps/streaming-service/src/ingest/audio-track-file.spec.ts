import { StreamingMessages } from '@app/contracts';
import type { MediaProbe } from '../ffmpeg/media-probe';
import { audioTrackProblem } from './audio-track-file';

const probe = (streams: Array<'audio' | 'video'>, durationSeconds: number | null = 60): MediaProbe => ({
  formatName: 'mp3',
  durationSeconds,
  sizeBytes: 1000,
  bitRate: 128_000,
  video: null,
  audio: null,
  audioStreams: streams.flatMap((type, index) =>
    type === 'audio' ? [{ index, codec: 'mp3', language: null }] : [],
  ),
  streams: streams.map((type, index) => ({ index, type, codec: type === 'audio' ? 'mp3' : 'mjpeg' })),
});

describe('an added audio track’s file', () => {
  it('is taken with one audio stream as long as the video', () => {
    expect(audioTrackProblem(probe(['audio'], 60), 60)).toBeNull();
  });

  it('must hold exactly one stream, and that one audio', () => {
    expect(audioTrackProblem(probe([]), 60)).toBe(StreamingMessages.audioOneStream);
    expect(audioTrackProblem(probe(['audio', 'audio']), 60)).toBe(StreamingMessages.audioOneStream);
    // Cover art is a picture stream: refused rather than guessed at.
    expect(audioTrackProblem(probe(['audio', 'video']), 60)).toBe(StreamingMessages.audioOneStream);
    expect(audioTrackProblem(probe(['video']), 60)).toBe(StreamingMessages.audioOneStream);
  });

  it('must have a length', () => {
    expect(audioTrackProblem(probe(['audio'], null), 60)).toBe(StreamingMessages.notAudio);
  });

  it.each([
    // Within 2 s of a short film…
    [10, 12, null],
    [10, 8, null],
    [10, 12.1, StreamingMessages.audioDuration],
    [10, 7.5, StreamingMessages.audioDuration],
    // …and within 2 % of a long one (2 % of 2 h is 144 s).
    [7200, 7340, null],
    [7200, 7060, null],
    [7200, 7350, StreamingMessages.audioDuration],
  ])('against a %p s video, %p s is %p', (video, audio, problem) => {
    expect(audioTrackProblem(probe(['audio'], audio), video)).toBe(problem);
  });
});
