import { type CSSProperties, type ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { COMPANY_PAGE_LIMITS, moveBlock } from '@hirecast/domain/company-page-rules';
import { useSortAnnouncements } from '../../../components/use-sort-announcements.ts';

export type TSortableBlock = { id: string; label: string; content: ReactNode };

function SortableBlock({ block }: { block: TSortableBlock }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: block.id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    zIndex: isDragging ? 2 : undefined,
    position: 'relative',
    minWidth: 0,
  };
  return (
    <Box
      ref={setNodeRef}
      style={style}
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
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Move ${block.label}`}
        size="small"
        sx={{
          position: 'absolute',
          top: '50%',
          right: 12,
          transform: 'translateY(-50%)',
          zIndex: 1,
          bgcolor: 'background.paper',
          boxShadow: '0 1px 4px rgba(30, 37, 34, 0.25)',
          '&:hover': { bgcolor: 'background.paper' },
          cursor: isDragging ? 'grabbing' : 'grab',
          touchAction: 'none',
        }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
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
  const sensors = useSensors(
    useSensor(PointerSensor, {
      activationConstraint: { delay: COMPANY_PAGE_LIMITS.dragDelayMs, tolerance: 8 },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = blocks.map((block) => block.id);
  const labelOf = (id: UniqueIdentifier) => blocks.find((block) => block.id === id)?.label ?? 'Block';
  const announcements = useSortAnnouncements(ids, labelOf);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onMove(moveBlock(ids, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To pick up a block, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
        },
      }}
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
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          {blocks.map((block) => (
            <SortableBlock key={block.id} block={block} />
          ))}
        </SortableContext>
      </Box>
    </DndContext>
  );
}
