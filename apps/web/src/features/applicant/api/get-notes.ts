import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNote } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';

export const notesQueryKey = (id: string) => ['applicant-notes', id] as const;

// spec 2 §7 Applications: GET /job/{jobId}/application/{applicationId}/note
export const getNotes = (ref: TApplicationRef) => api.get<TNote[]>(`${applicationPath(ref)}/note`);

export const notesQueryOptions = (ref: TApplicationRef) =>
  queryOptions({ queryKey: notesQueryKey(ref.id), queryFn: () => getNotes(ref) });
export const useNotes = (ref: TApplicationRef) => useQuery(notesQueryOptions(ref));
