import { arrayMove } from '@dnd-kit/sortable';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { JobCard } from './job-card.tsx';
import { JobsGridLayout } from './jobs-grid.tsx';
import { DragHandle, SortableList, useSortableItem } from '../../../../components/sortable-list.tsx';

const handleSx = {
  bgcolor: 'background.paper',
  boxShadow: '0 1px 4px rgba(30, 37, 34, 0.25)',
  '&:hover': { bgcolor: 'background.paper' },
} as const;

function SortableJobCard({ job, isViewer }: { job: TJob; isViewer: boolean }) {
  const { ref, style, isDragging, handle } = useSortableItem(job._id);
  const title = job.title.trim() || jobMessages.untitledJob;
  return (
    <Box
      ref={ref}
      data-job-id={job._id}
      style={{ ...style, height: '100%', minWidth: 0 }}
      sx={{ opacity: isDragging ? 0.85 : 1, '& > article': isDragging ? { boxShadow: 6 } : {} }}
    >
      <JobCard
        job={job}
        isViewer={isViewer}
        dragHandle={<DragHandle {...handle} label={title} sx={handleSx} />}
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
  const pinned = jobs.filter((job) => job.isFirstJob);
  const sortable = jobs.filter((job) => !job.isFirstJob);
  const ids = sortable.map((job) => job._id);
  const titleOf = (id: string) => {
    const job = sortable.find((j) => j._id === id);
    return job?.title.trim() || jobMessages.untitledJob;
  };

  return (
    <SortableList
      ids={ids}
      noun="job"
      labelOf={titleOf}
      layout="grid"
      onMove={(from, to) => onReorder(arrayMove(ids, from, to))}
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
        {sortable.map((job) => (
          <SortableJobCard key={job._id} job={job} isViewer={isViewer} />
        ))}
      </JobsGridLayout>
    </SortableList>
  );
}
