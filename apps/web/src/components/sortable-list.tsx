import type { CSSProperties, ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type PointerActivationConstraint,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useSortAnnouncements } from './use-sort-announcements.ts';

// The one drag-to-reorder list of the app (dnd-kit): jobs on /jobs, career page blocks on /employer, the
// sections of an animated video. Mouse, touch and keyboard all reorder (Space or Enter lifts, the arrow keys
// move, Space or Enter drops, Escape cancels); each change of place is announced to screen readers.

const DEFAULT_ACTIVATION: PointerActivationConstraint = { distance: 4 };

export function SortableList({
  ids,
  noun,
  labelOf,
  layout,
  pointerActivation = DEFAULT_ACTIVATION,
  onMove,
  children,
}: {
  /** The movable items in their order (items without `useSortableItem` may sit among them, unmoved). */
  ids: readonly string[];
  /** What an item is called in the keyboard instructions: 'job', 'block', 'section'. */
  noun: string;
  /** What a screen reader calls one item while it moves. */
  labelOf: (id: string) => string;
  /** `grid` for cards in rows and columns, `list` for one column. */
  layout: 'grid' | 'list';
  /** When a press of the mouse or a touch becomes a drag (default: after moving 4 px). */
  pointerActivation?: PointerActivationConstraint;
  /** An item was dropped on another one's place: indexes in `ids`. */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: pointerActivation }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements = useSortAnnouncements(ids, (id: UniqueIdentifier) => labelOf(String(id)));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To pick up a ${noun}, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.`,
        },
      }}
    >
      <SortableContext
        items={[...ids]}
        strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
}

export type TDragHandle = {
  activatorRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  isDragging: boolean;
};

/**
 * One item of a `SortableList`: put `ref` and `style` on the item's outer element and spread `handle` on
 * its `DragHandle`. A `disabled` item keeps its place (it shows no handle).
 */
export function useSortableItem(id: string, { disabled = false }: { disabled?: boolean } = {}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  const handle: TDragHandle = { activatorRef: setActivatorNodeRef, attributes, listeners, isDragging };
  return { ref: setNodeRef, style, isDragging, handle };
}

/** The grip that lifts an item: a button named "Move <label>" (reached with Tab, lifted with Space). */
export function DragHandle({
  activatorRef,
  attributes,
  listeners,
  isDragging,
  label,
  sx,
}: TDragHandle & { label: string; sx?: SxProps<Theme> }) {
  return (
    <IconButton
      ref={activatorRef}
      size="small"
      {...attributes}
      {...listeners}
      aria-label={`Move ${label}`}
      sx={[
        { cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' },
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
}
