import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ZTemplateStatusEvent,
  type TTemplateStatusEvent,
  type TVideoTemplate,
} from '@hirecast/domain/video-template';
import { templateQueryKey } from './get-video-template.ts';
import { templatesQueryKey, type TVideoTemplateList } from './get-video-templates.ts';

// spec 3 §7 "A live document per template at video-rendering/{id} gives its status": server-sent events.
export const templateEventsUrl = (id: string) => `/api/video/${encodeURIComponent(id)}/events`;

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

/** Follows the live status of the given templates while they are being prepared or rendered. */
export function useTemplateStatus(ids: readonly string[]) {
  const queryClient = useQueryClient();
  const key = [...new Set(ids)].sort().join(',');
  useEffect(() => {
    if (!key || typeof EventSource === 'undefined') return;
    const sources = key.split(',').map((id) => {
      const source = new EventSource(templateEventsUrl(id), { withCredentials: true });
      source.onmessage = (message: MessageEvent<string>) => {
        let raw: unknown;
        try {
          raw = JSON.parse(message.data);
        } catch {
          return;
        }
        const parsed = ZTemplateStatusEvent.safeParse(raw);
        if (!parsed.success) return;
        applyStatusEvent(queryClient, parsed.data);
        if (!isWorking(parsed.data.status)) source.close();
      };
      return source;
    });
    return () => sources.forEach((s) => s.close());
  }, [key, queryClient]);
}
