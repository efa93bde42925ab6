import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ZTemplateStatusEvent,
  type TTemplateStatusEvent,
  type TVideoTemplate,
} from '@hirecast/domain/video-template';
import { templateQueryKey } from './get-video-template.ts';
import { templatesQueryKey, type TVideoTemplateList } from './get-video-templates.ts';

// spec 3 §7 "A live document per template at video-rendering/{id} gives its status": the company's
// server-sent events stream, one ZTemplateStatusEvent per `data:` line.
export const TEMPLATE_EVENTS_URL = '/api/video/events';

/** Puts a status event into every cached copy of the template (its page of the list and its own query). */
export function applyStatusEvent(queryClient: QueryClient, event: TTemplateStatusEvent) {
  const patch = (t: TVideoTemplate): TVideoTemplate =>
    t._id === event._id
      ? { ...t, status: event.status, progress: event.progress, errorReason: event.errorReason }
      : t;
  queryClient.setQueriesData<TVideoTemplateList>({ queryKey: [...templatesQueryKey, 'list'] }, (list) =>
    list ? { ...list, videos: list.videos.map(patch) } : list,
  );
  queryClient.setQueryData<TVideoTemplate>(templateQueryKey(event._id), (t) => (t ? patch(t) : t));
  // spec 3 §4: when it becomes rendered the template is fetched again (its video URLs and thumbnail).
  if (event.status === 'rendered' || event.status === 'error')
    void queryClient.invalidateQueries({ queryKey: templatesQueryKey });
}

export const isWorking = (status: TVideoTemplate['status']) =>
  status === 'preparing' || status === 'rendering';

/** Follows the live status of the company's templates while any of the given ones is being worked on. */
export function useTemplateStatus(workingIds: readonly string[]) {
  const queryClient = useQueryClient();
  const live = workingIds.length > 0;
  useEffect(() => {
    if (!live || typeof EventSource === 'undefined') return;
    const source = new EventSource(TEMPLATE_EVENTS_URL, { withCredentials: true });
    source.onmessage = (message: MessageEvent<string>) => {
      let raw: unknown;
      try {
        raw = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = ZTemplateStatusEvent.safeParse(raw);
      if (parsed.success) applyStatusEvent(queryClient, parsed.data);
    };
    return () => source.close();
  }, [live, queryClient]);
}
