import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/shared/ui/Button';
import { formatPlaybackTime } from '../format-time';
import styles from './Player.module.css';
import { PlayerStage } from './PlayerStage';

type ResumePromptProps = { positionSeconds: number; onResume: () => void; onStartOver: () => void };

/** "Resume from 12:34" or "Start over", asked before anything plays. */
export const ResumePrompt = ({ positionSeconds, onResume, onStartOver }: ResumePromptProps) => {
  const { t } = useTranslation('player');
  const resume = useRef<HTMLButtonElement>(null);
  useEffect(() => resume.current?.focus(), []);
  return (
    <PlayerStage>
      <h2 className={styles.stageHeading}>{t('resumeHeading')}</h2>
      <div className={styles.stageActions}>
        <Button ref={resume} onClick={onResume}>
          {t('resumeFrom', { time: formatPlaybackTime(positionSeconds) })}
        </Button>
        <Button variant="ghost" className={styles.onDark} onClick={onStartOver}>
          {t('startOver')}
        </Button>
      </div>
    </PlayerStage>
  );
};
