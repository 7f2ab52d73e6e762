import { Injectable } from '@nestjs/common';
import type { EngagementReport, QoeReport, RetentionReport, RevenueReport } from '@app/contracts';
import {
  INSIGHTS_TOP_TITLES,
  PLAN_MONTHS,
  PlanId,
  QoeBrowserSchema,
  QoeRenditionKeySchema,
} from '@app/contracts';
import { ItemCatalogue } from '../items/item-catalogue';
import { EngagementRepository } from './engagement.repository';
import {
  COMPLETE_DECILE,
  DECILES,
  gstOf,
  lastDays,
  percentileOf,
  ratio,
  STARTUP_BOUNDS_MS,
} from './insights-rules';
import type { EngagementBucketDoc, QoeCounters } from './insights.schemas';
import { QoeRepository } from './qoe.repository';
import { RevenueRepository } from './revenue.repository';

const UNKNOWN_TITLE = 'Unknown title';
const UNKNOWN_GENRE = 'Unknown';
const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;
const reachAt = (bucket: Pick<EngagementBucketDoc, 'reach'>, tenth: number) => bucket.reach?.[tenth] ?? 0;

type QoeTotals = Omit<QoeCounters, 'startup'> & { startup: number[] };
const emptyQoe = (): QoeTotals => ({
  reports: 0,
  startup: STARTUP_BOUNDS_MS.map(() => 0),
  rebufferCount: 0,
  rebufferMs: 0,
  playedMs: 0,
  bitrateSwitches: 0,
  fatalErrors: 0,
});
const addQoe = (sums: QoeTotals, bucket: QoeCounters) => {
  sums.reports += bucket.reports;
  sums.rebufferCount += bucket.rebufferCount;
  sums.rebufferMs += bucket.rebufferMs;
  sums.playedMs += bucket.playedMs;
  sums.bitrateSwitches += bucket.bitrateSwitches;
  sums.fatalErrors += bucket.fatalErrors;
  for (const [index, n] of Object.entries(bucket.startup ?? {})) sums.startup[Number(index)] += n;
};
const totalsOf = (bucket: QoeCounters) => {
  const sums = emptyQoe();
  addQoe(sums, bucket);
  return sums;
};
const qoeRow = (sums: QoeTotals) => ({
  reports: sums.reports,
  // Each sampled playback reports its start-up once: the histogram's count is the plays measured.
  plays: sums.startup.reduce((total, n) => total + n, 0),
  startupP50Ms: percentileOf(sums.startup, 0.5),
  startupP95Ms: percentileOf(sums.startup, 0.95),
  rebufferRatio:
    sums.playedMs + sums.rebufferMs > 0 ? sums.rebufferMs / (sums.playedMs + sums.rebufferMs) : null,
  fatalErrors: sums.fatalErrors,
  bitrateSwitches: sums.bitrateSwitches,
});
/** Most plays first, then most reports (a breakdown's rows with failures only still show). */
const byPlays = (a: { plays: number; reports: number }, b: { plays: number; reports: number }) =>
  b.plays - a.plays || b.reports - a.reports;

/** The Insights tab's reads (issue 28): sums of day buckets over the range, never a scan of raw events. */
@Injectable()
export class InsightsReports {
  constructor(
    private readonly engagement: EngagementRepository,
    private readonly revenue: RevenueRepository,
    private readonly qoe: QoeRepository,
    private readonly catalogue: ItemCatalogue,
  ) {}

  async engagementReport(days: number, now = new Date()): Promise<EngagementReport> {
    const range = lastDays(days, now);
    const [all, titles, viewers] = await Promise.all([
      this.engagement.allTitlesOf(range),
      this.engagement.titleSums(range),
      this.engagement.viewersSince(range[0]),
    ]);
    const allByDay = new Map(all.map((bucket) => [bucket.day, bucket]));
    const daily = range.map((day) => {
      const bucket = allByDay.get(day);
      const dayViewers = bucket?.viewers ?? 0;
      const newViewers = Math.min(dayViewers, Math.max(0, bucket?.newViewers ?? 0));
      return {
        day,
        plays: bucket?.plays ?? 0,
        viewers: dayViewers,
        newViewers,
        returningViewers: dayViewers - newViewers,
        watchMinutes: minutes(bucket?.watchSeconds ?? 0),
        completions: bucket ? reachAt(bucket, COMPLETE_DECILE) : 0,
        favorites: bucket?.favorites ?? 0,
      };
    });
    const sums = new Map(titles.map((row) => [row._id, row]));
    const titleRows = [...sums.entries()].map(([itemId, row]) => {
      const item = this.catalogue.get(itemId);
      return {
        itemId,
        title: item?.title ?? UNKNOWN_TITLE,
        kind: item?.kind ?? ('movie' as const),
        genre: item?.genre ?? UNKNOWN_GENRE,
        plays: row.plays,
        viewers: row.viewers,
        watchMinutes: minutes(row.watchSeconds),
        completionRate: ratio(row.completions, row.plays),
        favorites: row.favorites,
      };
    });
    const genres = new Map<string, { plays: number; watchMinutes: number; completions: number }>();
    for (const [itemId, row] of sums) {
      const genre = this.catalogue.get(itemId)?.genre ?? UNKNOWN_GENRE;
      const sum = genres.get(genre) ?? { plays: 0, watchMinutes: 0, completions: 0 };
      sum.plays += row.plays;
      sum.watchMinutes += minutes(row.watchSeconds);
      sum.completions += row.completions;
      genres.set(genre, sum);
    }
    const total = daily.reduce(
      (acc, day) => ({
        plays: acc.plays + day.plays,
        newViewers: acc.newViewers + day.newViewers,
        watchMinutes: acc.watchMinutes + day.watchMinutes,
        completions: acc.completions + day.completions,
      }),
      { plays: 0, newViewers: 0, watchMinutes: 0, completions: 0 },
    );
    return {
      days,
      from: range[0],
      to: range[range.length - 1],
      totals: {
        plays: total.plays,
        viewers,
        newViewers: total.newViewers,
        watchMinutes: Math.round(total.watchMinutes * 10) / 10,
        completionRate: ratio(total.completions, total.plays),
      },
      daily,
      titles: titleRows
        .sort((a, b) => b.plays - a.plays || b.watchMinutes - a.watchMinutes)
        .slice(0, INSIGHTS_TOP_TITLES),
      genres: [...genres.entries()]
        .map(([genre, sum]) => ({
          genre,
          plays: sum.plays,
          watchMinutes: Math.round(sum.watchMinutes * 10) / 10,
          completionRate: ratio(sum.completions, sum.plays),
        }))
        .sort((a, b) => b.plays - a.plays),
    };
  }

  async retention(itemId: string, days: number, now = new Date()): Promise<RetentionReport> {
    const buckets = await this.engagement.titleBuckets(itemId, lastDays(days, now));
    const plays = buckets.reduce((sum, bucket) => sum + bucket.plays, 0);
    const points = Array.from({ length: DECILES + 1 }, (_, tenth) => ({
      percent: tenth * 10,
      share:
        tenth === 0
          ? plays > 0
            ? 1
            : 0
          : ratio(
              buckets.reduce((sum, bucket) => sum + reachAt(bucket, tenth), 0),
              plays,
            ),
    }));
    return { itemId, title: this.catalogue.get(itemId)?.title ?? UNKNOWN_TITLE, plays, points };
  }

  async revenueReport(days: number, now = new Date()): Promise<RevenueReport> {
    const range = lastDays(days, now);
    const [buckets, active, charges] = await Promise.all([
      this.revenue.bucketsOf(range),
      this.revenue.activeByPlan(),
      this.revenue.planCharges(),
    ]);
    const byDay = new Map(buckets.map((bucket) => [bucket._id, bucket]));
    const daily = range.map((day) => {
      const b = byDay.get(day);
      return {
        day,
        grossPaise: b?.grossPaise ?? 0,
        gstPaise: b?.gstPaise ?? 0,
        subscriptionPaise: b?.subscriptionPaise ?? 0,
        purchasePaise: b?.purchasePaise ?? 0,
        rentalPaise: b?.rentalPaise ?? 0,
        refundPaise: b?.refundPaise ?? 0,
        newSubscriptions: b?.newSubscriptions ?? 0,
        renewals: b?.renewals ?? 0,
        churned: b?.churned ?? 0,
        trialsStarted: b?.trialsStarted ?? 0,
        trialConversions: b?.trialConversions ?? 0,
      };
    });
    const refundGst = buckets.reduce((sum, b) => sum + (b.refundGstPaise ?? 0), 0);
    const sum = (field: Exclude<keyof (typeof daily)[number], 'day'>) =>
      daily.reduce((total, row) => total + row[field], 0);
    const plans = Object.values(PlanId).map((planId) => {
      const count = active.get(planId) ?? 0;
      const mrr = Math.round((count * (charges.get(planId) ?? 0)) / PLAN_MONTHS[planId]);
      return { planId, activeSubscriptions: count, mrrPaise: mrr, mrrGstPaise: gstOf(mrr) };
    });
    const gross = sum('grossPaise');
    const gst = sum('gstPaise');
    const refunds = sum('refundPaise');
    return {
      days,
      from: range[0],
      to: range[range.length - 1],
      totals: {
        grossPaise: gross,
        gstPaise: gst,
        subscriptionPaise: sum('subscriptionPaise'),
        purchasePaise: sum('purchasePaise'),
        rentalPaise: sum('rentalPaise'),
        refundPaise: refunds,
        newSubscriptions: sum('newSubscriptions'),
        renewals: sum('renewals'),
        churned: sum('churned'),
        trialsStarted: sum('trialsStarted'),
        trialConversions: sum('trialConversions'),
        netOfGstPaise: gross - refunds - (gst - refundGst),
        activeSubscriptions: plans.reduce((total, plan) => total + plan.activeSubscriptions, 0),
        mrrPaise: plans.reduce((total, plan) => total + plan.mrrPaise, 0),
      },
      daily,
      plans,
    };
  }

  async qoeReport(days: number, now = new Date()): Promise<QoeReport> {
    const range = lastDays(days, now);
    const [all, titles, browsers, renditions] = await Promise.all([
      this.qoe.allTitlesOf(range),
      this.qoe.titleSums(range),
      this.qoe.dimensionSums('browser', range),
      this.qoe.dimensionSums('rendition', range),
    ]);
    const total = emptyQoe();
    const byDay = new Map(range.map((day) => [day, emptyQoe()]));
    for (const bucket of all) {
      addQoe(total, bucket);
      const day = byDay.get(bucket.day);
      if (day) addQoe(day, bucket);
    }
    return {
      days,
      from: range[0],
      to: range[range.length - 1],
      totals: qoeRow(total),
      daily: range.map((day) => ({ day, ...qoeRow(byDay.get(day) ?? emptyQoe()) })),
      titles: titles
        .map((sums) => ({
          itemId: sums.key,
          title: this.catalogue.get(sums.key)?.title ?? UNKNOWN_TITLE,
          ...qoeRow(totalsOf(sums)),
        }))
        .sort((a, b) => b.reports - a.reports)
        .slice(0, INSIGHTS_TOP_TITLES),
      // Buckets hold only the contract's values (events are checked on arrival); parsing types them as such.
      browsers: browsers
        .map((sums) => ({ browser: QoeBrowserSchema.parse(sums.key), ...qoeRow(totalsOf(sums)) }))
        .sort(byPlays),
      renditions: renditions
        .map((sums) => ({ rendition: QoeRenditionKeySchema.parse(sums.key), ...qoeRow(totalsOf(sums)) }))
        .sort(byPlays),
    };
  }
}
