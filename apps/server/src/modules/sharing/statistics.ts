import { sql, type SQL } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';
import type {
  TAdminStatisticsAnswer,
  TFunnelRow,
  TSharingData,
  TSharingGroupedRow,
  TSharingQuery,
  TUtmRow,
  TVideoEffectRow,
} from '@hirecast/domain/sharing-api';
import {
  daysBetween,
  funnelSource,
  rewardPoints,
  type TSharingCounts,
  type TSharingPoints,
} from '@hirecast/domain/sharing';

// Issue 16 item 5: every figure comes from the rollup, summed in SQL. A range [startDate, endDate) of local dates
// is cut into the fewest rows: all time is the 'a' rows; whole years read the year rows, whole months the month
// rows, the days left over at the edges the day rows.

const pad = (n: number) => String(n).padStart(2, '0');
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const nextMonthStart = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
};
const yearStart = (date: string) => `${date.slice(0, 4)}-01-01`;
const nextYearStart = (date: string) => `${Number(date.slice(0, 4)) + 1}-01-01`;
/** Open ends: before and after any bucket. */
const EARLIEST = '1970-01-01';
const LATEST = '9999-01-01';

type TPart = { grain: 'd' | 'm' | 'y'; from: string; to: string };

/** [from, to) as whole months and the days at either edge. */
function monthsAndDays(from: string, to: string): TPart[] {
  if (from >= to) return [];
  const m1 = from.endsWith('-01') ? from : nextMonthStart(from);
  const m2 = monthStart(to);
  if (m1 >= m2) return [{ grain: 'd', from, to }];
  return [
    ...(from < m1 ? [{ grain: 'd' as const, from, to: m1 }] : []),
    { grain: 'm', from: m1, to: m2 },
    ...(m2 < to ? [{ grain: 'd' as const, from: m2, to }] : []),
  ];
}

/** [from, to) as whole years, then whole months, then days. */
export function rangeParts({ startDate, endDate }: TSharingQuery): TPart[] | 'all' {
  if (!startDate && !endDate) return 'all';
  const from = startDate ?? EARLIEST;
  const to = endDate ?? LATEST;
  const y1 = from.endsWith('-01-01') ? from : nextYearStart(from);
  const y2 = yearStart(to);
  if (y1 >= y2) return monthsAndDays(from, to);
  return [...monthsAndDays(from, y1), { grain: 'y', from: y1, to: y2 }, ...monthsAndDays(y2, to)];
}

/** The rollup rows of a range, without double counting. */
export function rangeCondition(range: TSharingQuery): SQL {
  const parts = rangeParts(range);
  if (parts === 'all') return sql`r.grain = 'a'`;
  if (parts.length === 0) return sql`false`;
  const conditions = parts.map(
    (p) => sql`(r.grain = ${p.grain} AND r.bucket >= ${p.from} AND r.bucket < ${p.to})`,
  );
  return sql`(${sql.join(conditions, sql` OR `)})`;
}

type TGroupRow = {
  job_id: string;
  title: string;
  token: string;
  utm_source: string;
  utm_campaign: string;
  utm_medium: string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
} & Record<'visits' | 'applies' | 'submits' | `${'v' | 'a' | 's'}${0 | 1 | 2}`, number>;

const SUMS = ['visits', 'applies', 'submits', 'v0', 'v1', 'v2', 'a0', 'a1', 'a2', 's0', 's1', 's2'];
const sums = sql.raw(SUMS.map((c) => `sum(r."${c}")::int AS "${c}"`).join(', '));

async function groupedRows(db: TDb, where: SQL) {
  const result = await db.execute<TGroupRow>(sql`
    SELECT g.*, j.title, t.user_id, u.first_name, u.last_name
    FROM (
      SELECT r.job_id, r.referral_token AS token, r.utm_source, r.utm_campaign, r.utm_medium, ${sums}
      FROM sharing_rollups r WHERE ${where}
      GROUP BY r.job_id, r.referral_token, r.utm_source, r.utm_campaign, r.utm_medium
      -- A rollup rebuilt from the events (sharing_rollup_rebuild) also has rows of visits that did not count.
      HAVING ${sql.raw(SUMS.map((c) => `sum(abs(r."${c}"))`).join(' + '))} > 0
    ) g
    JOIN jobs j ON j.id = g.job_id
    LEFT JOIN referral_tokens t ON g.token <> '' AND t.token = g.token
    LEFT JOIN users u ON u.id = t.user_id`);
  return result.rows;
}

/**
 * Issue 33 item 6: the sharing and campaign tables count a period's visits with what came of them (the visit's
 * cohort, as the funnel and the video effect do): a visit on the 30th and its application on the 1st both count
 * in the month of the visit, so no share can pass 100 % at a period's edge. A referral's apply is credited at its
 * submission (issue 23 item 4), so its applies are its submissions. All-time figures are the same either way; the
 * charts stay by the day each event happened (activity over time).
 */
function byVisitCohort(row: TGroupRow): TGroupRow {
  const submits = row.s0 + row.s1 + row.s2;
  const applies = row.token ? submits : row.a0 + row.a1 + row.a2;
  return { ...row, visits: row.v0 + row.v1 + row.v2, applies, submits };
}

/** The grouped rows of a range by visit cohort, without the rows left empty by it. */
async function cohortRows(db: TDb, where: SQL) {
  return (await groupedRows(db, where))
    .map(byVisitCohort)
    .filter((r) => r.visits + r.applies + r.submits > 0);
}

type TSeriesSource = { table: 'series'; referral?: boolean } | { table: 'rollup'; base: SQL };

/**
 * The chart: days for ranges up to 62 days, else months (the month rows, and the edge days summed into their
 * month). The company's charts read sharing_series; one sharer's, their own rollup rows.
 */
async function series(
  db: TDb,
  { companyId, source, range }: { companyId: string; source: TSeriesSource; range: TSharingQuery },
) {
  const days =
    range.startDate && range.endDate ? daysBetween(range.startDate, range.endDate) : Number.POSITIVE_INFINITY;
  const step = days <= 62 ? ('day' as const) : ('month' as const);
  const bucket = step === 'day' ? sql`r.bucket` : sql`date_trunc('month', r.bucket)::date`;
  const parts =
    step === 'day'
      ? [{ grain: 'd', from: range.startDate, to: range.endDate }]
      : monthsAndDays(range.startDate ?? EARLIEST, range.endDate ?? LATEST);
  const inRange = parts.length
    ? sql.join(
        parts.map((p) => sql`(r.grain = ${p.grain} AND r.bucket >= ${p.from} AND r.bucket < ${p.to})`),
        sql` OR `,
      )
    : sql`false`;
  const from =
    source.table === 'series'
      ? sql`sharing_series r WHERE r.company_id = ${companyId}${source.referral ? sql` AND r.referral` : sql``}`
      : sql`sharing_rollups r WHERE ${source.base}`;
  const result = await db.execute<{ date: string; visits: number; applies: number; submits: number }>(sql`
    SELECT to_char(${bucket}, 'YYYY-MM-DD') AS date, sum(r.visits)::int AS visits, sum(r.applies)::int AS applies,
      sum(r.submits)::int AS submits
    FROM ${from} AND (${inRange})
    GROUP BY 1 HAVING sum(abs(r.visits) + abs(r.applies) + abs(r.submits)) > 0 ORDER BY 1`);
  return { step, points: result.rows };
}

const counts = (row: TSharingCounts): TSharingCounts => ({
  visits: row.visits,
  applies: row.applies,
  submits: row.submits,
});
const add = (into: TSharingCounts, row: TSharingCounts) => {
  into.visits += row.visits;
  into.applies += row.applies;
  into.submits += row.submits;
};
const withPoints = (c: TSharingCounts, points: TSharingPoints) => ({
  ...counts(c),
  points: rewardPoints(c, points),
});
const fullName = (row: TGroupRow) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || 'Former member';

/** spec 3 §3 Sharing data from referral rows: per job, per sharer, the grouped rows and their totals. */
function sharingData(rows: TGroupRow[], points: TSharingPoints): TSharingData {
  const perJob = new Map<string, TSharingCounts & { title: string }>();
  const perManager = new Map<string, TSharingCounts & { userId: string | null; name: string }>();
  const totals: TSharingCounts = { visits: 0, applies: 0, submits: 0 };
  const grouped: TSharingGroupedRow[] = [];
  for (const row of rows) {
    const job = perJob.get(row.job_id) ?? { title: row.title, visits: 0, applies: 0, submits: 0 };
    add(job, row);
    perJob.set(row.job_id, job);
    const manager = perManager.get(row.token) ?? {
      userId: row.user_id,
      name: fullName(row),
      visits: 0,
      applies: 0,
      submits: 0,
    };
    add(manager, row);
    perManager.set(row.token, manager);
    add(totals, row);
    grouped.push({
      jobId: row.job_id,
      title: row.title,
      token: row.token,
      managerFullName: fullName(row),
      utm_source: row.utm_source || null,
      utm_campaign: row.utm_campaign || null,
      utm_medium: row.utm_medium || null,
      ...withPoints(row, points),
    });
  }
  const byVisits = <T extends { visits: number }>(a: T, b: T) => b.visits - a.visits;
  return {
    dataPerJob: [...perJob]
      .map(([jobId, j]) => ({ jobId, title: j.title, ...withPoints(j, points) }))
      .sort(byVisits),
    dataPerManager: [...perManager]
      .map(([token, m]) => ({ token, userId: m.userId, managerFullName: m.name, ...withPoints(m, points) }))
      .sort(byVisits),
    rows: grouped.sort(byVisits),
    totals: withPoints(totals, points),
  };
}

function utmData(rows: TGroupRow[]): TUtmRow[] {
  const map = new Map<string, TUtmRow>();
  for (const row of rows) {
    if (row.token || (!row.utm_source && !row.utm_campaign && !row.utm_medium)) continue;
    const key = JSON.stringify([row.utm_source, row.utm_campaign, row.utm_medium]);
    const entry = map.get(key) ?? {
      utm_source: row.utm_source || null,
      utm_campaign: row.utm_campaign || null,
      utm_medium: row.utm_medium || null,
      visits: 0,
      applies: 0,
      submits: 0,
    };
    add(entry, row);
    map.set(key, entry);
  }
  return [...map.values()].sort((a, b) => b.visits - a.visits);
}

/** Funnel and video effect come from the visit cohort (v, a, s by watch band). */
function funnelAndEffect(rows: TGroupRow[]) {
  const funnel = new Map<string, TFunnelRow>();
  const effect = new Map<string, TVideoEffectRow>();
  for (const row of rows) {
    const source = funnelSource({ token: row.token || null, utm_source: row.utm_source || null });
    const f = funnel.get(source) ?? { source, visits: 0, played: 0, applies: 0, submits: 0 };
    f.visits += row.v0 + row.v1 + row.v2;
    f.played += row.v1 + row.v2;
    f.applies += row.a0 + row.a1 + row.a2;
    f.submits += row.s0 + row.s1 + row.s2;
    funnel.set(source, f);
    const key = `${row.job_id}\u0000${source}`;
    const e = effect.get(key) ?? {
      jobId: row.job_id,
      title: row.title,
      source,
      bands: [0, 1, 2].map((band) => ({ band, visitors: 0, applies: 0, submits: 0 })),
    };
    for (const band of [0, 1, 2] as const) {
      const b = e.bands[band]!;
      b.visitors += row[`v${band}`];
      b.applies += row[`a${band}`];
      b.submits += row[`s${band}`];
    }
    effect.set(key, e);
  }
  const visitors = (e: TVideoEffectRow) => e.bands.reduce((n, b) => n + b.visitors, 0);
  return {
    funnel: [...funnel.values()].filter((f) => f.visits > 0).sort((a, b) => b.visits - a.visits),
    // The pairs with the most visitors: a few hundred rows of small samples tell nobody anything.
    videoEffect: [...effect.values()]
      .filter((e) => visitors(e) > 0)
      .sort((a, b) => visitors(b) - visitors(a))
      .slice(0, VIDEO_EFFECT_ROWS),
  };
}

const VIDEO_EFFECT_ROWS = 50;

const baseWhere = (companyId: string, token?: string) =>
  token ? sql`r.company_id = ${companyId} AND r.referral_token = ${token}` : sql`r.company_id = ${companyId}`;

/** GET /sharing/adminStatistics: the whole company's figures of a range. */
export async function companyStatistics(
  db: TDb,
  { companyId, range, points }: { companyId: string; range: TSharingQuery; points: TSharingPoints },
): Promise<TAdminStatisticsAnswer> {
  // Three small reads, side by side on the pool.
  const [rows, chart, referralChart] = await Promise.all([
    cohortRows(db, sql`${baseWhere(companyId)} AND ${rangeCondition(range)}`),
    series(db, { companyId, source: { table: 'series' }, range }),
    series(db, { companyId, source: { table: 'series', referral: true }, range }),
  ]);
  const data = sharingData(
    rows.filter((r) => r.token),
    points,
  );
  return {
    sharingData: data,
    utmData: utmData(rows),
    ...funnelAndEffect(rows),
    series: chart,
    referralSeries: referralChart,
    points,
    totalPoints: data.totals.points,
  };
}

/** GET /sharing/user: the caller's own referral figures (an empty answer before their first share). */
export async function sharerStatistics(
  db: TDb,
  {
    companyId,
    token,
    range,
    points,
  }: { companyId: string; token: string | null; range: TSharingQuery; points: TSharingPoints },
) {
  if (!token) {
    const empty = sharingData([], points);
    return { ...empty, totalPoints: 0, points, series: { step: 'day' as const, points: [] } };
  }
  const base = baseWhere(companyId, token);
  const rows = await cohortRows(db, sql`${base} AND ${rangeCondition(range)}`);
  const chart = await series(db, { companyId, source: { table: 'rollup', base }, range });
  const data = sharingData(rows, points);
  return { ...data, totalPoints: data.totals.points, points, series: chart };
}
