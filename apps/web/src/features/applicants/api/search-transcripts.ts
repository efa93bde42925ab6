import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TTranscriptSearchResponse } from '@hirecast/domain/transcript';
import { api } from '../../../lib/api-client.ts';

// Issue 34 item 4: GET /job/{jobId}/transcripts/search?q= — what the job's candidates said.
export const searchTranscripts = (jobId: string, q: string) =>
  api.get<TTranscriptSearchResponse>(
    `/job/${encodeURIComponent(jobId)}/transcripts/search?q=${encodeURIComponent(q)}`,
  );

export const transcriptSearchQueryOptions = (jobId: string, q: string) =>
  queryOptions({
    queryKey: ['transcript-search', jobId, q] as const,
    queryFn: () => searchTranscripts(jobId, q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
export const useTranscriptSearch = (jobId: string, q: string) =>
  useQuery(transcriptSearchQueryOptions(jobId, q));
