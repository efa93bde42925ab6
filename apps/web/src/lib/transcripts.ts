import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TTranscript, TTranscriptionUsage } from '@hirecast/domain/transcript';
import { api, ApiError } from './api-client.ts';

// Issue 34: a video's transcript (GET /asset/:id/transcript), "Try again" (POST …/retry) and the company's
// transcription minutes (GET /transcription/usage), shared by the applicant page, the compare view and Settings.

export const transcriptQueryKey = (assetId: string) => ['transcript', assetId] as const;
/** While it is being made the transcript is asked for again, every few seconds. */
const POLL_MS = 1500;

/** The transcript, or null when the video has none (404). */
export const getTranscript = (assetId: string) =>
  api.get<TTranscript>(`/asset/${encodeURIComponent(assetId)}/transcript`).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  });

export const transcriptQueryOptions = (assetId: string) =>
  queryOptions({
    queryKey: transcriptQueryKey(assetId),
    queryFn: () => getTranscript(assetId),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? POLL_MS : false;
    },
  });
export const useTranscript = (assetId: string) => useQuery(transcriptQueryOptions(assetId));

export function useRetryTranscript(assetId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TTranscript>(`/asset/${encodeURIComponent(assetId)}/transcript/retry`),
    onSuccess: (queued) => client.setQueryData(transcriptQueryKey(assetId), queued),
  });
}

export const transcriptionUsageQueryOptions = () =>
  queryOptions({
    queryKey: ['transcription-usage'] as const,
    queryFn: () => api.get<TTranscriptionUsage>('/transcription/usage'),
    staleTime: 60_000,
  });
export const useTranscriptionUsage = () => useQuery(transcriptionUsageQueryOptions());

export function useTranscriptionSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { answerSummaries: boolean }) =>
      api.put<TTranscriptionUsage>('/transcription/settings', body),
    onSuccess: (usage) => client.setQueryData(['transcription-usage'], usage),
  });
}

/** The members' captions of a video (WebVTT), for a <track>: the session cookie goes with it. */
export const captionsUrl = (assetId: string) => `/api/asset/${encodeURIComponent(assetId)}/captions.vtt`;

/** 75.4 → "1:15". */
export function clockTime(seconds: number) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
