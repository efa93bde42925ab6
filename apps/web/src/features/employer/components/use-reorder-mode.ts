import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import type { TCompanyPage } from '@hirecast/domain/company-page';
import { reorderElements, type TOrdered, type TPageType } from '@hirecast/domain/company-page-rules';
import { errorMessage } from '../../../lib/api-client.ts';
import { applyPageAnswer } from '../api/get-company-page.ts';
import { reorderBlocks, useReorderBlocks } from '../api/reorder-blocks.ts';

type TPending = { pageId: string; elements: TOrdered[] | null };

/**
 * The blocks a tab orders: the Stories tab also shows the stories placed on other tabs (issue 23), which keep
 * their place there and are not reordered here.
 */
export const ownBlocks = (page: TCompanyPage, pageType: TPageType) =>
  page.pages[pageType].sortedBlocks.filter(
    (block) => block.type !== 'TESTIMONIAL_CARD' || block.story.pageType === pageType,
  );

// spec 3 §4 Other: reorder mode toggles; leaving it (Save, another tab, another page) sends the block order, and
// only if it changed.
export function useReorderMode(page: TCompanyPage, pageType: TPageType) {
  const [ids, setIds] = useState<string[] | null>(null);
  const queryClient = useQueryClient();
  const reorder = useReorderBlocks();
  const blocks = ownBlocks(page, pageType);
  const elementsFor = (order: string[]) => {
    const known = new Set(blocks.map((block) => block._id));
    return reorderElements(
      blocks,
      order.filter((id) => known.has(id)).map((_id) => ({ _id })),
    );
  };

  // What an unmount in reorder mode still has to send.
  const pending = useRef<TPending | null>(null);
  useEffect(() => {
    pending.current = ids ? { pageId: page._id, elements: elementsFor(ids) } : null;
  });
  useEffect(
    () => () => {
      const left = pending.current;
      if (!left?.elements) return;
      void reorderBlocks({ pageId: left.pageId, elements: left.elements }).then(
        (answer) => applyPageAnswer(queryClient, answer),
        () => undefined,
      );
    },
    [queryClient],
  );

  const finish = () => {
    if (!ids) return;
    const elements = elementsFor(ids);
    pending.current = null;
    setIds(null);
    if (elements)
      reorder.mutate({ pageId: page._id, elements }, { onError: (err) => toast.error(errorMessage(err)) });
  };

  return {
    ids,
    reordering: ids !== null,
    start: () => setIds(blocks.map((block) => block._id)),
    move: setIds,
    finish,
  };
}
