import { sql } from 'drizzle-orm';
import {
  snippetParts,
  TRANSCRIPT_SEARCH_LIMITS,
  type TTranscriptSearchResponse,
} from '@hirecast/domain/transcript';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { findJob } from '../jobs/index.ts';

// Issue 34 item 4: what the job's candidates said. PostgreSQL full-text search over each transcript line, with the
// text search configuration of the language the engine heard (stemming: "brewing" finds "brew"), 'simple' for a
// language PostgreSQL has no configuration for. The same SQL runs on PGlite (e2e's database), which ships the
// same snowball configurations. No index: one job's transcripts are scanned (a few hundred answers of a few
// hundred lines each), always within the job's own applications.
const CONFIGS: Record<string, string> = {
  ar: 'arabic',
  ca: 'catalan',
  da: 'danish',
  de: 'german',
  el: 'greek',
  en: 'english',
  es: 'spanish',
  eu: 'basque',
  fi: 'finnish',
  fr: 'french',
  ga: 'irish',
  hi: 'hindi',
  hu: 'hungarian',
  hy: 'armenian',
  id: 'indonesian',
  it: 'italian',
  lt: 'lithuanian',
  ne: 'nepali',
  nl: 'dutch',
  no: 'norwegian',
  pt: 'portuguese',
  ro: 'romanian',
  ru: 'russian',
  sr: 'serbian',
  sv: 'swedish',
  ta: 'tamil',
  tr: 'turkish',
  yi: 'yiddish',
};

/** `language` (a transcript's code) as a text search configuration, in SQL. */
const configOf = (language: ReturnType<typeof sql.raw>) =>
  sql`(case ${language} ${sql.join(
    Object.entries(CONFIGS).map(([code, config]) => sql.raw(`when '${code}' then '${config}'`)),
    sql` `,
  )} else 'simple' end)::regconfig`;

type THitRow = {
  application_id: string;
  first_name: string;
  last_name: string;
  kind: 'answer' | 'introduction';
  question_id: string | null;
  question: string | null;
  asset_id: string;
  start: number;
  end: number;
  headline: string;
};

export async function searchTranscripts(
  ctx: Pick<TContext, 'db'>,
  { scope, jobId, q }: { scope: TCompanyScope; jobId: string; q: string },
): Promise<TTranscriptSearchResponse> {
  const job = await findJob(ctx.db, scope, jobId);
  const config = configOf(sql.raw('t.language'));
  // The answers (the current, answered one of each question, its chosen take) and the introductions of the job's
  // applications, with their transcripts that are done; one row per matching line, in the candidate's order.
  const { rows } = await ctx.db.execute<THitRow>(sql`
    with videos as (
      select s.application_id, 'answer' as kind, a.question_id::text as question_id,
        (select q->>'prompt' from jsonb_array_elements(s.questions) q where q->>'id' = a.question_id::text limit 1)
          as question,
        (select idx from jsonb_array_elements(s.questions) with ordinality as x(q, idx)
          where q->>'id' = a.question_id::text limit 1) as question_order,
        tk.video_asset_id as asset_id
      from interview_sessions s
      join interview_answers a on a.session_id = s.id and a.superseded_at is null and a.status = 'answered'
      join interview_takes tk on tk.id = a.take_id
      where s.job_id = ${job.id} and s.company_id = ${scope.companyId} and tk.video_asset_id is not null
      union all
      select ap.id, 'introduction', null, ap.video_question, 0, ap.video_asset_id
      from applications ap
      where ap.job_id = ${job.id} and ap.company_id = ${scope.companyId} and ap.video_asset_id is not null
    )
    select v.application_id, ap.first_name, ap.last_name, v.kind, v.question_id, v.question, v.asset_id,
      (seg->>'start')::float8 as start, (seg->>'end')::float8 as "end",
      ts_headline(${config}, translate(seg->>'text', chr(2) || chr(3), ''), websearch_to_tsquery(${config}, ${q}),
        'StartSel=' || chr(2) || ', StopSel=' || chr(3) || ', HighlightAll=true') as headline
    from videos v
    join applications ap on ap.id = v.application_id
    join transcripts t on t.asset_id = v.asset_id and t.status = 'done' and t.company_id = ${scope.companyId}
    cross join lateral jsonb_array_elements(t.segments) with ordinality as l(seg, line)
    where to_tsvector(${config}, seg->>'text') @@ websearch_to_tsquery(${config}, ${q})
    order by ap.sent_at desc, ap.id, v.question_order, l.line
    limit ${TRANSCRIPT_SEARCH_LIMITS.hits + 1}`);
  return {
    hits: rows.slice(0, TRANSCRIPT_SEARCH_LIMITS.hits).map((r) => ({
      applicationId: r.application_id,
      candidateName: `${r.first_name} ${r.last_name}`.trim(),
      kind: r.kind,
      questionId: r.question_id,
      question: r.question,
      assetId: r.asset_id,
      start: Number(r.start),
      end: Number(r.end),
      snippet: snippetParts(r.headline),
    })),
    truncated: rows.length > TRANSCRIPT_SEARCH_LIMITS.hits,
  };
}
