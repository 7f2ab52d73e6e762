import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { Button } from '@web/shared/ui/Button';
import { type PlaybackMedia, usePlaybackHeartbeat } from '../hooks/usePlaybackHeartbeat';
import { usePlaybackSession } from '../hooks/usePlaybackSession';
import { playerStrings as texts } from '../strings';
import { PlaybackRefused, SignInToWatch } from './PlaybackRefused';
import styles from './Player.module.css';
import { PlayerStage } from './PlayerStage';
import { RentalCountdown } from './RentalCountdown';
import { ResumePrompt } from './ResumePrompt';

// media-chrome, hls-video-element and hls.js: their own chunk, fetched while the session is being opened.
const loadSurface = () => import('./PlayerSurface');
const PlayerSurface = lazy(async () => ({ default: (await loadSurface()).PlayerSurface }));

/** Below this, "resume" would replay a few seconds anyway: start from the beginning without asking. */
const RESUME_MIN_SECONDS = 5;

type PlayerProps = {
  /** The playable id (a movie's, or an episode's) and the name the player is given. */
  movie: { id: string; title: string };
  /**
   * Drawn inside the player, fullscreen too, once the media element exists: an episode's "Skip intro" and what
   * comes after it (issue 13).
   */
  overlay?: (media: PlaybackMedia) => ReactNode;
  /** What a refusal for want of access shows instead of the movie's access panel (an episode: its series'). */
  waysIn?: ReactNode;
};

/**
 * The one player of the product: opens a playback session (a screen and signed URLs), asks where to start,
 * plays, reports progress, and explains anything that stops it (no access, no media, every screen in use,
 * stopped from another screen).
 */
export const Player = ({ movie, overlay, waysIn }: PlayerProps) => {
  const session = usePlaybackSession(movie.id);
  const [start, setStart] = useState<number | null>(null);
  const [stopped, setStopped] = useState(false);
  const [media, setMedia] = useState<PlaybackMedia | null>(null);
  const playing = session.data && !stopped ? session.data : null;
  const onLeaseLost = useCallback(() => setStopped(true), []);
  usePlaybackHeartbeat({ session: playing, media, onLeaseLost });

  useEffect(() => {
    void loadSurface();
  }, []);

  const restart = () => {
    setStopped(false);
    setStart(null);
    setMedia(null);
    session.restart();
  };

  if (!session.signedIn) return <SignInToWatch />;
  if (session.isError)
    return <PlaybackRefused movieId={movie.id} error={session.error} onRetry={restart} waysIn={waysIn} />;
  if (session.isPending)
    return (
      <PlayerStage role="status">
        <p>{texts.starting}</p>
      </PlayerStage>
    );
  if (stopped)
    return (
      <PlayerStage role="alert">
        <p className={styles.stageHeading}>{texts.streamStopped}</p>
        <div className={styles.stageActions}>
          <Button onClick={restart}>{texts.playHere}</Button>
        </div>
      </PlayerStage>
    );

  const resumeAt = session.data.resumePositionSeconds;
  if (start === null && resumeAt > RESUME_MIN_SECONDS)
    return (
      <ResumePrompt
        positionSeconds={resumeAt}
        onResume={() => setStart(resumeAt)}
        onStartOver={() => setStart(0)}
      />
    );

  const rental = session.data.rental;
  return (
    <Suspense
      fallback={
        <PlayerStage role="status">
          <p>{texts.starting}</p>
        </PlayerStage>
      }
    >
      <PlayerSurface
        session={session.data}
        label={texts.playerLabel(movie.title)}
        startPosition={start ?? 0}
        onMedia={setMedia}
      >
        {rental?.expiresAt && <RentalCountdown rental={rental} />}
        {media && overlay?.(media)}
      </PlayerSurface>
    </Suspense>
  );
};
