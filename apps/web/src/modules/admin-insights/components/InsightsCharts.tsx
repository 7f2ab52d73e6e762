import { useRef } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useElementWidth } from '@web/modules/user-data/components/charts/useElementWidth';
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

type LinesProps = { label: string; data: readonly Point[]; x: string; series: Series[] };

/** Daily series as lines (recharts), drawn at the measured width of their box (jsdom: 600). */
export const DailyLines = ({ label, data, x, series }: LinesProps) => {
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box, 600);
  return (
    <figure ref={box} className={styles.chart} aria-label={label}>
      <figcaption className={styles.chartTitle}>{label}</figcaption>
      <LineChart width={width} height={HEIGHT} data={[...data]} margin={MARGIN} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--color-border)" />
        <XAxis dataKey={x} tick={tick} axisLine={axisLine} tickLine={false} minTickGap={24} />
        <YAxis tick={tick} axisLine={false} tickLine={false} width={48} />
        <Tooltip contentStyle={tooltipStyle} isAnimationActive={false} />
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

type BarsProps = { label: string; data: readonly Point[]; x: string; y: string; name: string };

/** Top titles as bars. */
export const TopBars = ({ label, data, x, y, name }: BarsProps) => {
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
        <YAxis tick={tick} axisLine={false} tickLine={false} width={48} />
        <Tooltip
          contentStyle={tooltipStyle}
          cursor={{ fill: 'var(--color-bg-elevated)' }}
          isAnimationActive={false}
        />
        <Bar dataKey={y} name={name} fill="var(--chart-1)" isAnimationActive={false} />
      </BarChart>
    </figure>
  );
};
