import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ParentalGate } from '@web/modules/parental/components/ParentalGate';
import { parentalRefusalOf } from '@web/modules/parental/parental-refusal';
import { Button } from '@web/shared/ui/Button';
import { type PlaybackMedia, usePlaybackHeartbeat } from '../hooks/usePlaybackHeartbeat';
import { usePlaybackPreview, usePlaybackSession } from '../hooks/usePlaybackSession';
import { useQoeReporter } from '../hooks/useQoeReporter';
import { useSeriesTracks } from '../hooks/useSeriesTracks';
import type { StreamToken } from '../stream-token';
import { ClassificationOverlay } from './ClassificationOverlay';
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
  /** An episode's series: its episodes start in the audio and subtitles last chosen in it (issue 26). */
  seriesId?: string;
};

/**
 * The one player of the product: asks what starting would find (access, where the viewer stopped) and where to
 * start, then opens a playback session (a screen and signed URLs), plays, reports progress, and explains anything
 * that stops it (no access, no media, every screen in use, stopped from another screen). A screen is taken only
 * once the viewer chose where to start, and given back when the player goes away or the page is closed.
 */
export const Player = ({ movie, overlay, waysIn, seriesId }: PlayerProps) => {
  const { t } = useTranslation('player');
  const [attempt, setAttempt] = useState(0);
  const preview = usePlaybackPreview(movie.id, attempt);
  const [chosen, setChosen] = useState<number | null>(null);
  const resumeAt = preview.data?.resumePositionSeconds ?? null;
  const start = chosen ?? (resumeAt !== null && resumeAt <= RESUME_MIN_SECONDS ? 0 : null);
  const session = usePlaybackSession(movie.id, start !== null);
  const [stopped, setStopped] = useState(false);
  const [media, setMedia] = useState<PlaybackMedia | null>(null);
  const [renewed, setRenewed] = useState<(StreamToken & { leaseId: string }) | null>(null);
  const { languages, remember } = useSeriesTracks(seriesId);
  const playing = session.data && !stopped ? session.data : null;
  const onLeaseLost = useCallback(() => setStopped(true), []);
  const leaseId = playing?.leaseId;
  const onToken = useCallback(
    (token: StreamToken) => {
      if (leaseId) setRenewed({ ...token, leaseId });
    },
    [leaseId],
  );
  usePlaybackHeartbeat({ session: playing, media, startPosition: start ?? 0, onLeaseLost, onToken });
  useQoeReporter({ leaseId, media });

  useEffect(() => {
    void loadSurface();
  }, []);

  /** "Play here" after the stream was stopped: asked afresh, from where the viewer now stands. */
  const restart = () => {
    setStopped(false);
    setChosen(null);
    setMedia(null);
    setRenewed(null);
    setAttempt((count) => count + 1);
    session.restart();
  };

  if (!session.signedIn) return <SignInToWatch />;
  if (preview.isError)
    return (
      <PlaybackRefused
        movieId={movie.id}
        error={preview.error}
        onRetry={() => void preview.refetch()}
        waysIn={waysIn}
      />
    );
  if (preview.isPending) return <Starting />;
  if (start === null)
    return (
      <ResumePrompt
        positionSeconds={preview.data.resumePositionSeconds}
        onResume={() => setChosen(preview.data.resumePositionSeconds)}
        onStartOver={() => setChosen(0)}
      />
    );
  // Issue 25: the account's parental PIN or the holder's date of birth, asked by the server before any link.
  if (session.isError && parentalRefusalOf(session.error, session.pinSent))
    return (
      <ParentalGate
        error={session.error}
        pinSent={session.pinSent}
        onPin={session.restart}
        onDeclared={() => session.restart()}
      />
    );
  if (session.isError)
    return (
      <PlaybackRefused
        movieId={movie.id}
        error={session.error}
        onRetry={() => session.restart()}
        waysIn={waysIn}
      />
    );
  if (session.isPending) return <Starting />;
  if (stopped)
    return (
      <PlayerStage role="alert">
        <p className={styles.stageHeading}>{t('streamStopped')}</p>
        <div className={styles.stageActions}>
          <Button onClick={restart}>{t('playHere')}</Button>
        </div>
      </PlayerStage>
    );

  const current = renewed?.leaseId === session.data.leaseId ? renewed : null;
  const rental = session.data.rental;
  return (
    <Suspense fallback={<Starting />}>
      <PlayerSurface
        session={session.data}
        token={current ?? { token: session.data.token, expiresAt: session.data.expiresAt }}
        label={t('playerLabel', { title: movie.title })}
        startPosition={start}
        onMedia={setMedia}
        languages={languages}
        onTracksChosen={remember}
      >
        <ClassificationOverlay rating={session.data.rating} />
        {rental?.expiresAt && <RentalCountdown rental={rental} />}
        {media && overlay?.(media)}
      </PlayerSurface>
    </Suspense>
  );
};

const Starting = () => {
  const { t } = useTranslation('player');
  return (
    <PlayerStage role="status">
      <p>{t('starting')}</p>
    </PlayerStage>
  );
};
