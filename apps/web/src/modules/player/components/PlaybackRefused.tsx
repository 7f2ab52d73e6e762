import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { TitleAccess } from '@web/modules/payments/components/TitleAccess';
import { useSignInState } from '@web/modules/payments/hooks/useSignInFirst';
import { ApiRequestError } from '@web/shared/api/api-request-error';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { Button, buttonClass } from '@web/shared/ui/Button';
import { useRefusedTitle } from '../hooks/usePlayerMovie';
import styles from './Player.module.css';
import { PlayerStage } from './PlayerStage';
import { ScreenLimit } from './ScreenLimit';

/** A visitor, or a session that ended: sign in and come back here. */
export const SignInToWatch = () => {
  const { t } = useTranslation('player');
  const state = useSignInState();
  return (
    <PlayerStage role="alert">
      <h2 className={styles.stageHeading}>{t('signInToWatch')}</h2>
      <p>{t('signInLine')}</p>
      <div className={styles.stageActions}>
        <Link to={Paths.userLogin} state={state} className={buttonClass()}>
          {t('signIn')}
        </Link>
      </div>
    </PlayerStage>
  );
};

/** 403: the entitlement panel with every way in (DECISIONS 8), never a bare player error. */
const WaysIn = ({ movieId }: { movieId: string }) => {
  const { t } = useTranslation('player');
  const { data: movie, isError } = useRefusedTitle(movieId);
  if (movie) return <TitleAccess movie={movie} placement="page" />;
  return (
    <PlayerStage role={isError ? 'alert' : 'status'}>
      <p>{isError ? t('failed') : t('starting')}</p>
    </PlayerStage>
  );
};

type PlaybackRefusedProps = {
  movieId: string;
  error: Error;
  onRetry: () => void;
  /** Replaces the movie's access panel on a 403 (an episode shows its series' panel). */
  waysIn?: ReactNode;
};

/** Why playback did not start, and the way forward: sign in, get access, wait for media, free a screen. */
export const PlaybackRefused = ({ movieId, error, onRetry, waysIn }: PlaybackRefusedProps) => {
  const { t } = useTranslation('player');
  const status = error instanceof ApiRequestError ? error.status : 0;
  switch (status) {
    case 401:
      return <SignInToWatch />;
    case 403:
      return waysIn ?? <WaysIn movieId={movieId} />;
    case 404:
      return (
        <PlayerStage role="alert">
          <h2 className={styles.stageHeading}>{t('comingSoon')}</h2>
          <p>{t('noMedia')}</p>
        </PlayerStage>
      );
    case 409:
      return <ScreenLimit onRetry={onRetry} />;
    default:
      return (
        <PlayerStage role="alert">
          <p>{serviceUnavailableText(error, 'streaming-service') ?? t('failed')}</p>
          <div className={styles.stageActions}>
            <Button variant="ghost" className={styles.onDark} onClick={onRetry}>
              {t('tryAgain')}
            </Button>
          </div>
        </PlayerStage>
      );
  }
};
