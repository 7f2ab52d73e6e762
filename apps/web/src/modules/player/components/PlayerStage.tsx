import type { ReactNode } from 'react';
import styles from './Player.module.css';

type PlayerStageProps = {
  /** 'alert' for what stopped playback, 'status' for progress; none for a choice (the resume prompt). */
  role?: 'alert' | 'status';
  children: ReactNode;
};

/** The player's 16:9 box while there is no picture: starting, a choice to make, or why nothing plays. */
export const PlayerStage = ({ role, children }: PlayerStageProps) => (
  <div className={styles.stage}>
    <div className={styles.stageContent} role={role}>
      {children}
    </div>
  </div>
);
