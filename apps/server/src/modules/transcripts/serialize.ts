import type { transcripts } from '@hirecast/db/schema';
import type { TTranscript, TTranscriptStatus } from '@hirecast/domain/transcript';

export type TTranscriptRow = typeof transcripts.$inferSelect;

export const toTranscript = (row: TTranscriptRow): TTranscript => ({
  _id: row.id,
  assetId: row.assetId,
  status: row.status as TTranscriptStatus,
  failureReason: row.failureReason,
  language: row.language,
  model: row.model,
  durationSeconds: row.durationSeconds,
  attempts: row.attempts,
  segments: row.segments,
  summary: row.summary ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
