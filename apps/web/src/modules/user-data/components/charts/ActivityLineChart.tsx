import type { ViewerAnalytics } from '@app/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, Tooltip, type TooltipContentProps, XAxis, YAxis } from 'recharts';
import { formatNumber } from '@web/shared/i18n/format';
import a11y from '@web/shared/ui/a11y.module.css';
import { formatWatchTime, hoursScale, monthLongName, monthName } from './chart-format';
import styles from './Charts.module.css';
import { useElementWidth } from './useElementWidth';

const HEIGHT = 220;
const MARGIN = { top: 12, right: 24, bottom: 4, left: 0 };
const AXIS_WIDTH = 40;

type Month = ViewerAnalytics['monthly'][number];

const tick = { fill: 'var(--color-text-muted)' };
const axisLine = { stroke: 'var(--color-border)' };
const dot = { r: 4, fill: 'var(--color-surface)', stroke: 'var(--color-accent)', strokeWidth: 3 };

/** The tooltip recharts shows for the month under the pointer. */
const MonthTip = ({ active, label, monthly }: Partial<TooltipContentProps> & { monthly: Month[] }) => {
  const { t } = useTranslation('userData');
  const month = active ? monthly.find((entry) => entry.month === label) : undefined;
  if (!month) return null;
  return (
    <div className={styles.tooltip} role="tooltip">
      {t('monthPoint', { month: monthLongName(month.month), hours: formatWatchTime(month.hours * 3600, t) })}
    </div>
  );
};

/**
 * 'Viewing Activity' (SPEC 2, DECISIONS 11): hours watched in each of the last six months, a recharts line
 * drawn in CSS pixels at the measured width of its box. Its tooltip and the hidden table for screen readers
 * read each month as the total and the genre pie do ('1 h 30 min'), so the three agree.
 */
export const ActivityLineChart = ({ monthly }: { monthly: Month[] }) => {
  const { t } = useTranslation('userData');
  const box = useRef<HTMLDivElement>(null);
  // Measured rather than a ResponsiveContainer: that draws nothing where nothing measures (jsdom); 480 there.
  const width = useElementWidth(box, 480);
  const { max, step } = hoursScale(monthly.map((month) => month.hours));
  const ticks = Array.from({ length: Math.round(max / step) + 1 }, (_, index) => index * step);

  return (
    <div ref={box} className={styles.lineBox}>
      <LineChart
        width={width}
        height={HEIGHT}
        data={monthly}
        margin={MARGIN}
        className={styles.line}
        accessibilityLayer={false}
        aria-hidden="true"
      >
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey="month"
          // A new formatter each render: recharts keeps its ticks while the formatter is the same, even across languages.
          tickFormatter={(month: string) => monthName(month)}
          tick={tick}
          axisLine={axisLine}
          tickLine={false}
          tickMargin={8}
          padding={{ left: 16, right: 16 }}
        />
        <YAxis
          domain={[0, max]}
          ticks={ticks}
          tickFormatter={(hours: number) => formatNumber(hours)}
          tick={tick}
          axisLine={false}
          tickLine={false}
          width={AXIS_WIDTH}
        />
        <Tooltip
          content={<MonthTip monthly={monthly} />}
          cursor={{ stroke: 'var(--color-border-strong)' }}
          isAnimationActive={false}
        />
        <Line
          dataKey="hours"
          type="linear"
          stroke="var(--color-accent)"
          strokeWidth={3}
          strokeLinecap="round"
          strokeLinejoin="round"
          dot={dot}
          activeDot={{ ...dot, r: 6 }}
          isAnimationActive={false}
        />
      </LineChart>
      <table className={a11y.visuallyHidden}>
        <caption>{t('viewingActivity')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('monthColumn')}</th>
            <th scope="col">{t('hoursAxis')}</th>
          </tr>
        </thead>
        <tbody>
          {monthly.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLongName(month.month)}</th>
              <td>{formatWatchTime(month.hours * 3600, t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
