import { z } from 'zod';
import { ZLocalDate, ZSharingPoints, ZSharingSettings } from './sharing.ts';

// spec 3 §7 Sharing and analytics: GET /sharing/user and GET /sharing/adminStatistics, ?startDate&endDate as
// calendar dates in the company's time zone, startDate inclusive and endDate exclusive; both absent is all time.
export const ZSharingQuery = z
  .object({ startDate: ZLocalDate.optional(), endDate: ZLocalDate.optional() })
  .refine((q) => !q.startDate || !q.endDate || q.startDate < q.endDate, {
    message: 'startDate must come before endDate',
    path: ['endDate'],
  });
export type TSharingQuery = z.infer<typeof ZSharingQuery>;

const count = z.number().int();
const ZTotals = z.object({ visits: count, applies: count, submits: count, points: count });
export type TSharingTotals = z.infer<typeof ZTotals>;

export const ZSharingJobRow = ZTotals.extend({ jobId: z.string(), title: z.string() });
export const ZSharingManagerRow = ZTotals.extend({
  token: z.string(),
  userId: z.string().nullable(),
  managerFullName: z.string(),
});
/** spec 3 §3: grouped rows carry token, managerFullName, utm_source, utm_campaign, utm_medium. */
export const ZSharingGroupedRow = ZTotals.extend({
  jobId: z.string(),
  title: z.string(),
  token: z.string().nullable(),
  managerFullName: z.string().nullable(),
  utm_source: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_medium: z.string().nullable(),
});
export type TSharingGroupedRow = z.infer<typeof ZSharingGroupedRow>;
export const ZSeriesPoint = z.object({ date: z.string(), visits: count, applies: count, submits: count });
export type TSeriesPoint = z.infer<typeof ZSeriesPoint>;
export const ZSharingSeries = z.object({ step: z.enum(['day', 'month']), points: z.array(ZSeriesPoint) });

export const ZSharingData = z.object({
  dataPerJob: z.array(ZSharingJobRow),
  dataPerManager: z.array(ZSharingManagerRow),
  rows: z.array(ZSharingGroupedRow),
  totals: ZTotals,
});
export type TSharingData = z.infer<typeof ZSharingData>;

export const ZUtmRow = z.object({
  utm_source: z.string().nullable(),
  utm_campaign: z.string().nullable(),
  utm_medium: z.string().nullable(),
  visits: count,
  applies: count,
  submits: count,
});
export type TUtmRow = z.infer<typeof ZUtmRow>;

/** Funnel per source, by visit cohort: visitors, of them who played the video, started and submitted. */
export const ZFunnelRow = z.object({
  source: z.string(),
  visits: count,
  played: count,
  applies: count,
  submits: count,
});
export type TFunnelRow = z.infer<typeof ZFunnelRow>;

/** Video effect: per job and source, visitors and their applications by how far they watched (bands 0–2). */
export const ZVideoEffectRow = z.object({
  jobId: z.string(),
  title: z.string(),
  source: z.string(),
  bands: z.array(z.object({ band: z.number().int(), visitors: count, applies: count, submits: count })),
});
export type TVideoEffectRow = z.infer<typeof ZVideoEffectRow>;

export const ZSharingUserAnswer = ZSharingData.extend({
  totalPoints: count,
  points: ZSharingPoints,
  series: ZSharingSeries,
});
export type TSharingUserAnswer = z.infer<typeof ZSharingUserAnswer>;

export const ZAdminStatisticsAnswer = z.object({
  sharingData: ZSharingData,
  utmData: z.array(ZUtmRow),
  funnel: z.array(ZFunnelRow),
  videoEffect: z.array(ZVideoEffectRow),
  /** All visits, applies and submits of the period; referralSeries: those of employee referrals. */
  series: ZSharingSeries,
  referralSeries: ZSharingSeries,
  points: ZSharingPoints,
  totalPoints: count,
});
export type TAdminStatisticsAnswer = z.infer<typeof ZAdminStatisticsAnswer>;

export const ZSharingSettingsAnswer = ZSharingSettings;
export const ZUpdateSharingSettingsRequest = ZSharingSettings.partial();
export type TUpdateSharingSettingsRequest = z.infer<typeof ZUpdateSharingSettingsRequest>;
export type TSharingSeries = z.infer<typeof ZSharingSeries>;
