import { useQuery } from '@tanstack/react-query';
import type { TJob } from '@hirecast/domain/job';
import { api } from '../../../lib/api-client.ts';

/**
 * The company's jobs a Slack or Teams channel can follow (issue 35 item 3): id and title. Under the 'jobs' prefix,
 * so a job created, renamed or deleted refreshes the list.
 */
export const useChannelJobs = () =>
  useQuery({
    queryKey: ['jobs', 'list', 'channel-picker'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<TJob[]>('/job', { signal })).map((job) => ({ _id: job._id, title: job.title })),
  });
