import { and, eq, inArray, sql } from 'drizzle-orm';
import { transcripts } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import { SUMMARY_LABEL } from '@hirecast/domain/transcript';
import { toWebVtt } from '@hirecast/domain/webvtt';
import type { TCandidateDataContributor } from '../privacy/index.ts';

// Issue 34 item 6: a candidate's transcripts, captions and summaries are their data. This contributor puts them in
// the data export (each with the video it belongs to: the introduction or an interview question) and removes
// them with the application, on anonymising as on deleting: anonymised means no words of theirs are left.
// It runs before the interview contributor (composition/candidate-data.ts), while the answers still name their
// takes; the videos' own removal would take the transcripts with it too (foreign key), this does not rely on it.

type TDbOrTx = Pick<TDb | TTx, 'execute'>;
type TVideoRow = {
  asset_id: string;
  kind: 'introduction' | 'answer';
  question: string | null;
  chosen: boolean;
};

/** Every video of the application: the introduction and each take of each interview answer. */
async function videosOf(db: TDbOrTx, application: { id: string; videoAssetId: string | null }) {
  const { rows } = await db.execute<TVideoRow>(sql`
    select tk.video_asset_id as asset_id, 'answer' as kind,
      (select q->>'prompt' from jsonb_array_elements(s.questions) q where q->>'id' = a.question_id::text limit 1)
        as question,
      (a.take_id = tk.id and a.superseded_at is null) as chosen
    from interview_sessions s
    join interview_answers a on a.session_id = s.id
    join interview_takes tk on tk.answer_id = a.id
    where s.application_id = ${application.id} and tk.video_asset_id is not null
    order by a.created_at, tk.n`);
  return [
    ...(application.videoAssetId
      ? [{ asset_id: application.videoAssetId, kind: 'introduction' as const, question: null, chosen: true }]
      : []),
    ...rows,
  ];
}

export const transcriptCandidateData: TCandidateDataContributor = {
  name: 'transcripts',
  async collect(ctx, application) {
    const videos = (await videosOf(ctx.db, application)).filter((v) => v.chosen);
    if (videos.length === 0) return { data: [], files: [] };
    const rows = await ctx.db
      .select()
      .from(transcripts)
      .where(
        and(
          inArray(
            transcripts.assetId,
            videos.map((v) => v.asset_id),
          ),
          eq(transcripts.status, 'done'),
        ),
      );
    const data = videos.flatMap((video) => {
      const row = rows.find((r) => r.assetId === video.asset_id);
      if (!row) return [];
      return [
        {
          video: video.kind,
          question: video.question,
          language: row.language,
          model: row.model,
          segments: row.segments.map(({ start, end, text }) => ({ start, end, text })),
          captions: toWebVtt(row.segments),
          summary: row.summary ? { label: SUMMARY_LABEL, model: row.summaryModel, ...row.summary } : null,
        },
      ];
    });
    return { data, files: [] };
  },
  async erase(tx, { application }) {
    const assetIds = (await videosOf(tx, application)).map((v) => v.asset_id);
    if (assetIds.length > 0) await tx.delete(transcripts).where(inArray(transcripts.assetId, assetIds));
    return [];
  },
};
