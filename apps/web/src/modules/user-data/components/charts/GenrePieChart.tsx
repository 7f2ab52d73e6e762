import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, Tooltip, type TooltipContentProps } from 'recharts';
import { formatWatchTime, type GenreSlice } from './chart-format';
import styles from './Charts.module.css';

const SIZE = 200;
const RADIUS = 96;
/** The five chart colours of the theme (dark and light), slice by slice. */
const fills = [1, 2, 3, 4, 5].map((n) => `var(--chart-${n})`);
const swatch = [styles.colour1, styles.colour2, styles.colour3, styles.colour4, styles.colour5];

type Drawn = GenreSlice & { percent: number };

const withPercent = (slices: GenreSlice[]): Drawn[] => {
  const total = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  return slices.map((slice) => ({ ...slice, percent: Math.round((slice.seconds / total) * 100) }));
};

/** The tooltip recharts shows over a slice: the same words as the slice's legend entry. */
const SliceTip = ({ active, payload, slices }: Partial<TooltipContentProps> & { slices: Drawn[] }) => {
  const { t } = useTranslation('userData');
  const slice = active ? slices.find((entry) => entry.genre === payload?.[0]?.name) : undefined;
  if (!slice) return null;
  return (
    <div className={`${styles.tooltip} ${styles.tipWrap}`} role="tooltip">
      {t('genreSlice', {
        genre: slice.genre,
        time: formatWatchTime(slice.seconds, t),
        percent: slice.percent,
      })}
    </div>
  );
};

/**
 * Watch time by genre (SPEC 2, DECISIONS 11): a recharts pie in the five chart colours, a legend with each
 * genre's time (the text a screen reader gets), and the genre's time in a tooltip while the pointer is over its
 * slice.
 */
export const GenrePieChart = ({ slices }: { slices: GenreSlice[] }) => {
  const { t } = useTranslation('userData');
  const drawn = withPercent(slices);

  return (
    <div className={styles.pieLayout}>
      <div className={styles.pieBox}>
        <PieChart width={SIZE} height={SIZE} accessibilityLayer={false} aria-hidden="true">
          <Pie
            data={drawn}
            dataKey="seconds"
            nameKey="genre"
            outerRadius={RADIUS}
            // Clockwise from the top, as a pie is read.
            startAngle={90}
            endAngle={-270}
            // One genre is a whole disc: no seam from its centre to its edge.
            stroke={drawn.length > 1 ? 'var(--color-surface)' : 'none'}
            strokeWidth={2}
            rootTabIndex={-1}
            isAnimationActive={false}
          >
            {drawn.map((slice, index) => (
              <Cell key={slice.genre} fill={fills[index]} />
            ))}
          </Pie>
          <Tooltip content={<SliceTip slices={drawn} />} isAnimationActive={false} />
        </PieChart>
      </div>
      <ul className={styles.legend}>
        {drawn.map((slice, index) => (
          <li key={slice.genre} className={styles.legendItem}>
            <span className={`${styles.swatch} ${swatch[index]}`} aria-hidden="true" />
            <span className={styles.legendGenre}>{slice.genre}</span>
            <span className={styles.legendValue}>
              {formatWatchTime(slice.seconds, t)} · {slice.percent}%
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
};
