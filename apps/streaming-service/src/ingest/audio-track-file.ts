import { StreamingMessages } from '@app/contracts';
import type { MediaProbe } from '../ffmpeg/media-probe';

/** How far an added audio track's length may be from the video's: 2 s, or 2 % of a longer film. */
export const AUDIO_DURATION_TOLERANCE = { seconds: 2, fraction: 0.02 } as const;

/**
 * Why an added audio track's file (issue 26), as ffprobe read it, cannot go with a video `videoSeconds` long, or
 * null when it can: exactly one stream and that one audio (no cover picture, no second language: the admin says
 * which language this is), with a length within AUDIO_DURATION_TOLERANCE of the video's.
 */
export const audioTrackProblem = (probe: MediaProbe, videoSeconds: number): string | null => {
  if (probe.streams.length !== 1 || probe.audioStreams.length !== 1) return StreamingMessages.audioOneStream;
  const seconds = probe.durationSeconds;
  if (seconds === null) return StreamingMessages.notAudio;
  const tolerance = Math.max(
    AUDIO_DURATION_TOLERANCE.seconds,
    videoSeconds * AUDIO_DURATION_TOLERANCE.fraction,
  );
  return Math.abs(seconds - videoSeconds) > tolerance ? StreamingMessages.audioDuration : null;
};
