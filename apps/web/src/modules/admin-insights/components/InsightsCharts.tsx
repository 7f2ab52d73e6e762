import { useRef } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useElementWidth } from '@web/modules/user-data/components/charts/useElementWidth';
import { formatNumber } from '@web/shared/i18n/format';
import styles from './InsightsConsole.module.css';

const HEIGHT = 240;
const MARGIN = { top: 12, right: 16, bottom: 4, left: 0 };
const tick = { fill: 'var(--color-text-muted)', fontSize: 12 };
const axisLine = { stroke: 'var(--color-border)' };
const COLOURS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)', 'var(--chart-4)', 'var(--chart-5)'];
const tooltipStyle = {
  background: 'var(--color-surface)',
  border: '1px solid var(--color-border)',
  color: 'var(--color-text)',
};

type Point = Record<string, string | number | null>;
export type Series = { key: string; name: string };

/** How the axes and the tooltip write an x value and a y value, in the language shown (issue 26). */
type Formats = {
  /** An x tick ('1 Mar'); its tooltip heading takes `formatLabel` when given ('1 Mar 2026'). */
  formatX?: (value: string) => string;
  formatLabel?: (value: string) => string;
  /** A y tick and a tooltip figure (default: the number with the language's grouping). */
  formatY?: (value: number) => string;
};

const asText = (value: unknown) => String(value);
const valueOf = (format: (value: number) => string) => (value: unknown) =>
  typeof value === 'number' ? format(value) : String(value);

type LinesProps = { label: string; data: readonly Point[]; x: string; series: Series[] } & Formats;

/** Daily series as lines (recharts), drawn at the measured width of their box (jsdom: 600). */
export const DailyLines = ({
  label,
  data,
  x,
  series,
  formatX = asText,
  formatLabel = formatX,
  formatY = formatNumber,
}: LinesProps) => {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box, 600);
  return (
    <figure ref={box} className={styles.chart} aria-label={label}>
      <figcaption className={styles.chartTitle}>{label}</figcaption>
      <LineChart width={width} height={HEIGHT} data={[...data]} margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey={x}
          tick={tick}
          axisLine={axisLine}
          tickLine={false}
          minTickGap={24}
          tickFormatter={(value) => formatX(String(value))}
        />
        <YAxis tick={tick} axisLine={false} tickLine={false} width={48} tickFormatter={valueOf(formatY)} />
        <Tooltip
          contentStyle={tooltipStyle}
          isAnimationActive={false}
          labelFormatter={(value) => formatLabel(String(value))}
          formatter={valueOf(formatY)}
        />
        <Legend />
        {series.map((line, index) => (
          <Line
            key={line.key}
            dataKey={line.key}
            name={line.name}
            type="monotone"
            stroke={COLOURS[index % COLOURS.length]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </figure>
  );
};

type BarsProps = { label: string; data: readonly Point[]; x: string; y: string; name: string } & Pick<
  Formats,
  'formatY'
>;

/** Top titles (or browsers) as bars: their names are data, only the figures are formatted. */
export const TopBars = ({ label, data, x, y, name, formatY = formatNumber }: BarsProps) => {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box, 600);
  return (
    <figure ref={box} className={styles.chart} aria-label={label}>
      <figcaption className={styles.chartTitle}>{label}</figcaption>
      <BarChart width={width} height={HEIGHT} data={[...data]} margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis
          dataKey={x}
          tick={tick}
          axisLine={axisLine}
          tickLine={false}
          interval={0}
          hide={data.length > 8}
        />
        <YAxis tick={tick} axisLine={false} tickLine={false} width={48} tickFormatter={valueOf(formatY)} />
        <Tooltip
          contentStyle={tooltipStyle}
          cursor={{ fill: 'var(--color-bg-elevated)' }}
          isAnimationActive={false}
          formatter={valueOf(formatY)}
        />
        <Bar dataKey={y} name={name} fill="var(--chart-1)" isAnimationActive={false} />
      </BarChart>
    </figure>
  );
};
