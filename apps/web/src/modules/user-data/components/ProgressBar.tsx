import styles from './ProgressBar.module.css';

type ProgressBarProps = { percent: number; label: string; className?: string };

/** How much of a title was watched, as a thin bar. */
export const ProgressBar = ({ percent, label, className }: ProgressBarProps) => {
  const value = Math.min(100, Math.max(0, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(value)}
      className={className ? `${styles.track} ${className}` : styles.track}
    >
      <div className={styles.fill} style={{ inlineSize: `${value}%` }} />
    </div>
  );
};
