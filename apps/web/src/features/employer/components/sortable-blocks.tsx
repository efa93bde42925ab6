import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { COMPANY_PAGE_LIMITS, moveBlock } from '@hirecast/domain/company-page-rules';
import { DragHandle, SortableList, useSortableItem } from '../../../components/sortable-list.tsx';

export type TSortableBlock = { id: string; label: string; content: ReactNode };

function SortableBlock({ block }: { block: TSortableBlock }) {
  const { ref, style, isDragging, handle } = useSortableItem(block.id);
  return (
    <Box
      ref={ref}
      style={{ ...style, minWidth: 0 }}
      data-block-id={block.id}
      sx={{
        borderRadius: 3,
        outline: isDragging ? '2px solid' : 'none',
        outlineColor: 'primary.main',
        boxShadow: isDragging ? 6 : 0,
        // The cards are not edited while they are being moved.
        '& > .block-content': { pointerEvents: 'none' },
      }}
    >
      <DragHandle
        {...handle}
        label={block.label}
        sx={{
          position: 'absolute',
          top: '50%',
          right: 12,
          transform: 'translateY(-50%)',
          zIndex: 1,
          bgcolor: 'background.paper',
          boxShadow: '0 1px 4px rgba(30, 37, 34, 0.25)',
          '&:hover': { bgcolor: 'background.paper' },
        }}
      />
      <div className="block-content">{block.content}</div>
    </Box>
  );
}

// spec 3 §2 edit mode: drag reordering of the blocks, with the mouse (after a 100 ms hold) and the keyboard
// (Space lifts, arrows move, Space drops, Escape cancels). Each change of place is announced.
export function SortableBlocks({
  blocks,
  onMove,
  label,
  columns = 1,
}: {
  blocks: TSortableBlock[];
  onMove: (ids: string[]) => void;
  label: string;
  columns?: number;
}) {
  const ids = blocks.map((block) => block.id);
  return (
    <SortableList
      ids={ids}
      noun="block"
      labelOf={(id) => blocks.find((block) => block.id === id)?.label ?? 'Block'}
      layout="grid"
      pointerActivation={{ delay: COMPANY_PAGE_LIMITS.dragDelayMs, tolerance: 8 }}
      onMove={(from, to) => onMove(moveBlock(ids, from, to))}
    >
      <Box
        role="region"
        aria-label={label}
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          alignItems: 'start',
        }}
      >
        {blocks.map((block) => (
          <SortableBlock key={block.id} block={block} />
        ))}
      </Box>
    </SortableList>
  );
}
