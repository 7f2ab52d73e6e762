import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EngagementReport, InsightsRange, QoeReport, RevenueReport } from '@app/contracts';
import { INSIGHTS_RANGES } from '@app/contracts';
import { Button } from '@web/shared/ui/Button';
import { formatInr, formatNumber } from '@web/shared/i18n/format';
import { longDay, ms, percent, rupeeValue, rupees, shortDay, watchTime } from '../format';
import {
  useEngagementInsights,
  useQoeInsights,
  useRetention,
  useRevenueInsights,
} from '../hooks/useInsights';
import { DailyLines, TopBars } from './InsightsCharts';
import styles from './InsightsConsole.module.css';
import { qoeFigureColumns } from './qoe-columns';
import { QualityBreakdown } from './QualityBreakdown';
import { SortableTable } from './SortableTable';

type TitleRow = EngagementReport['titles'][number];
type DayRow = EngagementReport['daily'][number];
type GenreRow = EngagementReport['genres'][number];
type QoeTitleRow = QoeReport['titles'][number];
type RevenueDay = RevenueReport['daily'][number];
type PlanRow = RevenueReport['plans'][number];

/** A rupee figure in a table whose header names the currency: '1,180.00'. */
const amount = (paise: number) =>
  formatNumber(rupeeValue(paise), { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The admin Insights tab (issue 28): plays, viewers, watch time, completion, start-up time (per title, browser and
 * rendition) and revenue over the last 7, 30 or 90 days, with a chosen title's retention curve. Loaded with its
 * tab (recharts comes with it).
 */
export const InsightsConsole = () => {
  const { t } = useTranslation('adminInsights');
  const c = t('columns', { returnObjects: true });
  const [days, setDays] = useState<InsightsRange>(30);
  const [chosen, setChosen] = useState<TitleRow | null>(null);
  const engagement = useEngagementInsights(days);
  const revenue = useRevenueInsights(days);
  const qoe = useQoeInsights(days);
  const retention = useRetention(chosen?.itemId ?? null, days);

  const failed = engagement.isError || revenue.isError || qoe.isError;
  const e = engagement.data;
  const r = revenue.data;
  const q = qoe.data;

  return (
    <section className={styles.console} aria-labelledby="insights-title">
      <div className={styles.toolbar}>
        <h2 id="insights-title" className={styles.heading}>
          {t('title')}
        </h2>
        <div className={styles.ranges} role="group" aria-label={t('rangeLabel')}>
          {INSIGHTS_RANGES.map((range) => (
            <Button
              key={range}
              size="sm"
              variant={range === days ? 'primary' : 'ghost'}
              aria-pressed={range === days}
              onClick={() => setDays(range)}
            >
              {t('range', { days: range })}
            </Button>
          ))}
        </div>
      </div>
      {failed ? <p role="alert">{t('failed')}</p> : null}
      {!e && !r && !q && !failed ? <p className={styles.notice}>{t('loading')}</p> : null}
      <dl className={styles.kpis}>
        {e ? (
          <>
            <Kpi label={t('kpis.plays')} value={formatNumber(e.totals.plays)} />
            <Kpi label={t('kpis.viewers')} value={formatNumber(e.totals.viewers)} />
            <Kpi label={t('kpis.watchTime')} value={watchTime(t, e.totals.watchMinutes)} />
            <Kpi label={t('kpis.completion')} value={percent(e.totals.completionRate)} />
          </>
        ) : null}
        {q ? (
          <>
            <Kpi
              label={t('kpis.startup')}
              value={`${ms(t, q.totals.startupP50Ms)} / ${ms(t, q.totals.startupP95Ms)}`}
            />
            <Kpi label={t('kpis.rebuffer')} value={percent(q.totals.rebufferRatio)} />
          </>
        ) : null}
        {r ? (
          <>
            <Kpi label={t('kpis.revenue')} value={rupees(r.totals.grossPaise)} />
            <Kpi label={t('kpis.gst')} value={rupees(r.totals.gstPaise)} />
            <Kpi label={t('kpis.mrr')} value={rupees(r.totals.mrrPaise)} />
          </>
        ) : null}
      </dl>
      {e ? (
        <>
          <section className={styles.section} aria-label={t('engagement')}>
            <h3 className={styles.sectionTitle}>{t('engagement')}</h3>
            <div className={styles.charts}>
              <DailyLines
                label={t('dailyChart')}
                data={e.daily}
                x="day"
                formatX={shortDay}
                formatLabel={longDay}
                series={[
                  { key: 'plays', name: c.plays },
                  { key: 'viewers', name: c.viewers },
                  { key: 'newViewers', name: c.newViewers },
                ]}
              />
              <TopBars
                label={t('topTitles')}
                data={e.titles.slice(0, 10)}
                x="title"
                y="plays"
                name={c.plays}
              />
            </div>
            <SortableTable<DayRow>
              caption={t('dailyChart')}
              fileName={`insights-daily-${days}d`}
              rows={e.daily}
              rowKey={(row) => row.day}
              columns={[
                { header: c.day, value: (row) => row.day, render: (row) => longDay(row.day) },
                { header: c.plays, value: (row) => row.plays },
                { header: c.viewers, value: (row) => row.viewers },
                { header: c.newViewers, value: (row) => row.newViewers },
                { header: c.returningViewers, value: (row) => row.returningViewers },
                { header: c.watchMinutes, value: (row) => row.watchMinutes },
                { header: c.completion, value: (row) => row.completions },
                { header: c.favorites, value: (row) => row.favorites },
              ]}
            />
            <h4 className={styles.sectionTitle}>{t('topTitles')}</h4>
            <SortableTable<TitleRow>
              caption={t('topTitles')}
              fileName={`insights-titles-${days}d`}
              rows={e.titles}
              rowKey={(row) => row.itemId}
              columns={[
                {
                  header: c.title,
                  value: (row) => row.title,
                  render: (row) => (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setChosen(row)}
                      aria-pressed={chosen?.itemId === row.itemId}
                    >
                      {row.title}
                    </Button>
                  ),
                },
                { header: c.genre, value: (row) => row.genre },
                { header: c.plays, value: (row) => row.plays },
                { header: c.viewers, value: (row) => row.viewers },
                { header: c.watchMinutes, value: (row) => row.watchMinutes },
                {
                  header: c.completion,
                  value: (row) => row.completionRate,
                  render: (row) => percent(row.completionRate),
                },
                { header: c.favorites, value: (row) => row.favorites },
              ]}
            />
            <h4 className={styles.sectionTitle}>{t('genres')}</h4>
            <SortableTable<GenreRow>
              caption={t('genres')}
              fileName={`insights-genres-${days}d`}
              rows={e.genres}
              rowKey={(row) => row.genre}
              columns={[
                { header: c.genre, value: (row) => row.genre },
                { header: c.plays, value: (row) => row.plays },
                { header: c.watchMinutes, value: (row) => row.watchMinutes },
                {
                  header: c.completion,
                  value: (row) => row.completionRate,
                  render: (row) => percent(row.completionRate),
                },
              ]}
            />
          </section>

          <section className={styles.section} aria-label={t('retention')}>
            <h3 className={styles.sectionTitle}>
              {chosen ? t('retentionOf', { title: chosen.title }) : t('retention')}
            </h3>
            {!chosen ? (
              <p className={styles.notice}>{t('retentionHint')}</p>
            ) : retention.data && retention.data.plays === 0 ? (
              <p className={styles.notice}>{t('retentionNone')}</p>
            ) : retention.data ? (
              <>
                <DailyLines
                  label={t('retentionOf', { title: chosen.title })}
                  data={retention.data.points}
                  x="percent"
                  formatX={(value) => formatNumber(Number(value) / 100, { style: 'percent' })}
                  formatY={percent}
                  series={[{ key: 'share', name: c.share }]}
                />
                <SortableTable
                  caption={t('retentionOf', { title: chosen.title })}
                  fileName={`insights-retention-${chosen.itemId}-${days}d`}
                  rows={retention.data.points}
                  rowKey={(row) => String(row.percent)}
                  columns={[
                    {
                      header: c.percent,
                      value: (row) => row.percent,
                      render: (row) => formatNumber(row.percent / 100, { style: 'percent' }),
                    },
                    { header: c.share, value: (row) => row.share, render: (row) => percent(row.share) },
                  ]}
                />
              </>
            ) : (
              <p className={styles.notice}>{t('loading')}</p>
            )}
          </section>
        </>
      ) : null}
      {q ? (
        <section className={styles.section} aria-label={t('quality')}>
          <h3 className={styles.sectionTitle}>{t('quality')}</h3>
          <DailyLines
            label={t('qualityChart')}
            data={q.daily.map((row) => ({ day: row.day, p50: row.startupP50Ms, p95: row.startupP95Ms }))}
            x="day"
            formatX={shortDay}
            formatLabel={longDay}
            formatY={(value) => ms(t, value)}
            series={[
              { key: 'p50', name: c.startupP50 },
              { key: 'p95', name: c.startupP95 },
            ]}
          />
          <SortableTable<QoeTitleRow>
            caption={t('quality')}
            fileName={`insights-qoe-${days}d`}
            rows={q.titles}
            rowKey={(row) => row.itemId}
            columns={[
              { header: c.title, value: (row) => row.title },
              { header: c.reports, value: (row) => row.reports },
              ...qoeFigureColumns<QoeTitleRow>(c),
            ]}
          />
          <QualityBreakdown report={q} days={days} />
        </section>
      ) : null}
      {r ? (
        <section className={styles.section} aria-label={t('revenueSection')}>
          <h3 className={styles.sectionTitle}>{t('revenueSection')}</h3>
          <DailyLines
            label={t('revenueChart')}
            data={r.daily.map((row) => ({
              day: row.day,
              gross: rupeeValue(row.grossPaise),
              gst: rupeeValue(row.gstPaise),
              refunds: rupeeValue(row.refundPaise),
            }))}
            x="day"
            formatX={shortDay}
            formatLabel={longDay}
            formatY={formatInr}
            series={[
              { key: 'gross', name: c.gross },
              { key: 'gst', name: c.gst },
              { key: 'refunds', name: c.refunds },
            ]}
          />
          <SortableTable<RevenueDay>
            caption={t('revenueSection')}
            fileName={`insights-revenue-${days}d`}
            rows={r.daily}
            rowKey={(row) => row.day}
            columns={[
              { header: c.day, value: (row) => row.day, render: (row) => longDay(row.day) },
              {
                header: c.gross,
                value: (row) => rupeeValue(row.grossPaise),
                render: (row) => amount(row.grossPaise),
              },
              {
                header: c.gst,
                value: (row) => rupeeValue(row.gstPaise),
                render: (row) => amount(row.gstPaise),
              },
              {
                header: c.subscriptions,
                value: (row) => rupeeValue(row.subscriptionPaise),
                render: (row) => amount(row.subscriptionPaise),
              },
              {
                header: c.purchases,
                value: (row) => rupeeValue(row.purchasePaise),
                render: (row) => amount(row.purchasePaise),
              },
              {
                header: c.rentals,
                value: (row) => rupeeValue(row.rentalPaise),
                render: (row) => amount(row.rentalPaise),
              },
              {
                header: c.refunds,
                value: (row) => rupeeValue(row.refundPaise),
                render: (row) => amount(row.refundPaise),
              },
              { header: c.newSubscriptions, value: (row) => row.newSubscriptions },
              { header: c.renewals, value: (row) => row.renewals },
              { header: c.churned, value: (row) => row.churned },
              { header: c.trialsStarted, value: (row) => row.trialsStarted },
              { header: c.trialConversions, value: (row) => row.trialConversions },
            ]}
          />
          <h4 className={styles.sectionTitle}>{t('plans')}</h4>
          <SortableTable<PlanRow>
            caption={t('plans')}
            fileName="insights-plans"
            rows={r.plans}
            rowKey={(row) => row.planId}
            columns={[
              { header: c.plan, value: (row) => row.planId },
              { header: c.active, value: (row) => row.activeSubscriptions },
              {
                header: c.mrr,
                value: (row) => rupeeValue(row.mrrPaise),
                render: (row) => amount(row.mrrPaise),
              },
              {
                header: c.mrrGst,
                value: (row) => rupeeValue(row.mrrGstPaise),
                render: (row) => amount(row.mrrGstPaise),
              },
            ]}
          />
        </section>
      ) : null}
    </section>
  );
};

const Kpi = ({ label, value }: { label: string; value: string }) => (
  <div className={styles.kpi}>
    <dt>{label}</dt>
    <dd>{value}</dd>
  </div>
);
