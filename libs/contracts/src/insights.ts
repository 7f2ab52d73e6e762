import { z } from 'zod';
import { UserAgentSchema } from './auth';
import type { PlanId } from './payments';
import { QOE_MAX_SAMPLES, QoeBrowserSchema, QoeRenditionKeySchema, QoeSampleSchema } from './qoe-sample';
import { query, rpc } from './rpc';
import { LeaseIdSchema } from './streaming';

export * from './qoe-sample';

// Admin insights (issue 28): pre-aggregated buckets in recommendation-service, fed by its `insights` consumer group
// (ARCHITECTURE "Insights"); QoE reports enter through streaming-service, which knows the leases.

/** The Insights tab's ranges, in days (IST days, the last one being today). */
export const INSIGHTS_RANGES = [7, 30, 90] as const;
export type InsightsRange = (typeof INSIGHTS_RANGES)[number];
/** India's offset from UTC: insights days are IST days. */
export const IST_OFFSET_MINUTES = 330;
/** GST included in every price (DECISIONS 39): 18 %. */
export const GST_PERCENT = 18;
/** A plan's billing period (DECISIONS 1): MRR is a charge divided by it. */
export const PLAN_MONTHS: Record<PlanId, number> = { basic: 1, standard: 3, premium: 6 };
/** Titles in the top list. */
export const INSIGHTS_TOP_TITLES = 20;

const rangeMessage = 'days must be 7, 30 or 90';
export const InsightsQuerySchema = z
  .object({
    days: z.coerce
      .number({ error: rangeMessage })
      .refine((days) => (INSIGHTS_RANGES as readonly number[]).includes(days), rangeMessage),
  })
  .strict();
export type InsightsQuery = z.infer<typeof InsightsQuerySchema>;

const TitleRefSchema = z.string().regex(/^[a-f0-9]{24}$/, 'must be a title id');
export const InsightsTitlePathSchema = z.object({ id: TitleRefSchema }).strict();

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const count = z.number().int().nonnegative();

export const EngagementDaySchema = z.object({
  day,
  plays: count,
  viewers: count,
  newViewers: count,
  returningViewers: count,
  watchMinutes: z.number().nonnegative(),
  completions: count,
  favorites: count,
});
export const EngagementTitleSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  kind: z.enum(['movie', 'series']),
  genre: z.string(),
  plays: count,
  viewers: count,
  watchMinutes: z.number().nonnegative(),
  completionRate: z.number().min(0).max(1),
  favorites: count,
});
export const EngagementGenreSchema = z.object({
  genre: z.string(),
  plays: count,
  watchMinutes: z.number().nonnegative(),
  completionRate: z.number().min(0).max(1),
});
export const EngagementReportSchema = z.object({
  days: z.number().int(),
  from: day,
  to: day,
  totals: z.object({
    plays: count,
    viewers: count,
    newViewers: count,
    watchMinutes: z.number().nonnegative(),
    completionRate: z.number().min(0).max(1),
  }),
  daily: z.array(EngagementDaySchema),
  titles: z.array(EngagementTitleSchema),
  genres: z.array(EngagementGenreSchema),
});
export type EngagementReport = z.infer<typeof EngagementReportSchema>;

/** Share of a title's starters still watching at 0 %, 10 %, … 100 % of its runtime. */
export const RetentionReportSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  plays: count,
  points: z.array(z.object({ percent: z.number().int(), share: z.number().min(0).max(1) })),
});
export type RetentionReport = z.infer<typeof RetentionReportSchema>;

const paise = z.number().int();
export const RevenueDaySchema = z.object({
  day,
  /** Gross (GST included), refunds not deducted. */
  grossPaise: paise,
  gstPaise: paise,
  subscriptionPaise: paise,
  purchasePaise: paise,
  rentalPaise: paise,
  refundPaise: paise,
  newSubscriptions: count,
  renewals: count,
  churned: count,
  /** Free trials begun that day, and trials ending that day in their first charge (issue 27). */
  trialsStarted: count,
  trialConversions: count,
});
export const RevenuePlanSchema = z.object({
  planId: z.string(),
  activeSubscriptions: count,
  /** Monthly recurring revenue, GST included, and its GST. */
  mrrPaise: paise,
  mrrGstPaise: paise,
});
export const RevenueReportSchema = z.object({
  days: z.number().int(),
  from: day,
  to: day,
  totals: RevenueDaySchema.omit({ day: true }).extend({
    /** Gross − refunds − GST on what was kept. */
    netOfGstPaise: paise,
    activeSubscriptions: count,
    mrrPaise: paise,
  }),
  daily: z.array(RevenueDaySchema),
  plans: z.array(RevenuePlanSchema),
});
export type RevenueReport = z.infer<typeof RevenueReportSchema>;

const ms = z.number().nonnegative().nullable();
export const QoeRowSchema = z.object({
  reports: count,
  /** Sampled playbacks whose start-up was measured (the p50/p95's population). */
  plays: count,
  startupP50Ms: ms,
  startupP95Ms: ms,
  /** Rebuffering time / (playing + rebuffering time). */
  rebufferRatio: z.number().min(0).max(1).nullable(),
  fatalErrors: count,
  bitrateSwitches: count,
});
export const QoeReportSchema = z.object({
  days: z.number().int(),
  from: day,
  to: day,
  totals: QoeRowSchema,
  daily: z.array(QoeRowSchema.extend({ day })),
  titles: z.array(QoeRowSchema.extend({ itemId: z.string(), title: z.string() })),
  /** Over the range, per browser family and per rendition, most plays first. */
  browsers: z.array(QoeRowSchema.extend({ browser: QoeBrowserSchema })),
  renditions: z.array(QoeRowSchema.extend({ rendition: QoeRenditionKeySchema })),
});
export type QoeReport = z.infer<typeof QoeReportSchema>;

// ── What the player reports (sampled, batched) ────────────────────────────────────────────────────────────────

export const QoeBatchRequestSchema = z
  .object({
    leaseId: LeaseIdSchema,
    samples: z
      .array(QoeSampleSchema)
      .min(1, 'samples must hold 1 sample or more')
      .max(QOE_MAX_SAMPLES, `samples must hold at most ${QOE_MAX_SAMPLES}`),
  })
  .strict();
export type QoeBatchRequest = z.infer<typeof QoeBatchRequestSchema>;
export const QoeAcceptedSchema = z.object({ accepted: count });

export const QoeMessages = {
  notYourLease: 'This stream is not yours, or it ended long ago.',
} as const;

/**
 * streaming-service: a batch for the caller's own lease (404 otherwise), announced as `qoe.reported` with the
 * browser family its User-Agent names.
 */
export const QoeRpc = {
  report: rpc(
    'streaming.qoe.report',
    QoeBatchRequestSchema.extend({
      userId: z.string().regex(/^[a-f0-9]{24}$/),
      userAgent: UserAgentSchema.optional(),
    }).strict(),
    QoeAcceptedSchema,
  ),
} as const;

/** recommendation-service's insights reads (admin only, checked by the gateway). */
export const InsightsRpc = {
  engagement: query('reco.insights.engagement', InsightsQuerySchema, EngagementReportSchema),
  retention: query(
    'reco.insights.retention',
    InsightsQuerySchema.extend({ itemId: TitleRefSchema }).strict(),
    RetentionReportSchema,
  ),
  revenue: query('reco.insights.revenue', InsightsQuerySchema, RevenueReportSchema),
  qoe: query('reco.insights.qoe', InsightsQuerySchema, QoeReportSchema),
} as const;
