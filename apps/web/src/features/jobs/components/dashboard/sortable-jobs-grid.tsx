import { type CSSProperties } from 'react';
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
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { JobCard } from './job-card.tsx';
import { JobsGridLayout } from './jobs-grid.tsx';
import { useSortAnnouncements } from '../../../../components/use-sort-announcements.ts';

const handleSx = {
  bgcolor: 'background.paper',
  boxShadow: '0 1px 4px rgba(30, 37, 34, 0.25)',
  '&:hover': { bgcolor: 'background.paper' },
} as const;

function SortableJobCard({ job, isViewer }: { job: TJob; isViewer: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: job._id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    zIndex: isDragging ? 2 : undefined,
    position: 'relative',
    height: '100%',
    minWidth: 0,
  };
  const title = job.title.trim() || jobMessages.untitledJob;
  return (
    <Box
      ref={setNodeRef}
      data-job-id={job._id}
      style={style}
      sx={{ opacity: isDragging ? 0.85 : 1, '& > article': isDragging ? { boxShadow: 6 } : {} }}
    >
      <JobCard
        job={job}
        isViewer={isViewer}
        dragHandle={
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            {...listeners}
            aria-label={`Move ${title}`}
            sx={{ ...handleSx, cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        }
      />
    </Box>
  );
}

// spec 1 §2 edit mode: the same cards with drag handles. Mouse, touch and keyboard (Space lifts, arrows move,
// Space drops, Escape cancels) all reorder; the first job stays pinned on top (spec 1 §4 Sorting).
export function SortableJobsGrid({
  jobs,
  isViewer,
  onReorder,
}: {
  jobs: TJob[];
  isViewer: boolean;
  onReorder: (movedIds: string[]) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const pinned = jobs.filter((job) => job.isFirstJob);
  const sortable = jobs.filter((job) => !job.isFirstJob);
  const ids = sortable.map((job) => job._id);
  const titleOf = (id: UniqueIdentifier) => {
    const job = sortable.find((j) => j._id === id);
    return job?.title.trim() || jobMessages.untitledJob;
  };
  const announcements = useSortAnnouncements(ids, titleOf);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
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
            'To pick up a job, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
        },
      }}
    >
      <JobsGridLayout label="Jobs, reorder mode">
        {pinned.map((job) => (
          <JobCard
            key={job._id}
            job={job}
            isViewer={isViewer}
            dragHandle={
              <Tooltip title="The first job always stays on top">
                <Chip
                  size="small"
                  icon={<PushPinOutlinedIcon />}
                  label="Pinned"
                  tabIndex={0}
                  sx={{ ...handleSx, fontWeight: 600 }}
                />
              </Tooltip>
            }
          />
        ))}
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          {sortable.map((job) => (
            <SortableJobCard key={job._id} job={job} isViewer={isViewer} />
          ))}
        </SortableContext>
      </JobsGridLayout>
    </DndContext>
  );
}
