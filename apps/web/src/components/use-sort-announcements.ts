import { useRef } from 'react';
import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

/**
 * What a screen reader hears while a `SortableList` (./sortable-list.tsx) is reordered: jobs on /jobs, blocks on
 * /employer, the sections of an animated video.
 * dnd-kit reports the item over its own place right after the lift; announced, that replaced "Picked up …"
 * before a screen reader read it (and said the item had moved). Only a change of place is announced.
 */
export function useSortAnnouncements(
  ids: readonly string[],
  labelOf: (id: UniqueIdentifier) => string,
): Announcements {
  const announcedOver = useRef<UniqueIdentifier | null>(null);
  const positionOf = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  return {
    onDragStart: ({ active }) => {
      announcedOver.current = active.id;
      return `Picked up ${labelOf(active.id)}. It is at position ${positionOf(active.id)} of ${ids.length}.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null;
      if (overId === announcedOver.current) return undefined;
      announcedOver.current = overId;
      return over
        ? `${labelOf(active.id)} moved to position ${positionOf(over.id)} of ${ids.length}.`
        : undefined;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.`
        : `${labelOf(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Moving was cancelled. ${labelOf(active.id)} is back at position ${positionOf(active.id)}.`,
  };
}
