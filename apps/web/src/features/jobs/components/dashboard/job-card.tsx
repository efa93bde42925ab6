import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { fillJobTitle } from '@hirecast/domain/job-template';
import { LiveToggle } from '../publish/live-toggle.tsx';
import { JobCardMenu } from './job-card-menu.tsx';
import { JobThumbnail } from './job-thumbnail.tsx';

export const jobLocationText = (job: Pick<TJob, 'location'>) => {
  const parts = [job.location?.city, job.location?.county, job.location?.country].filter(
    (part): part is string => Boolean(part?.trim()),
  );
  return [...new Set(parts)].join(', ');
};

const applicantsText = (count: number) => `${count} ${count === 1 ? 'applicant' : 'applicants'}`;

// spec 1 §2 Jobs dashboard: one job of the grid, with its links (applicants, edit, team, preview), the Live
// switch and the card menu. In edit mode `dragHandle` sits over the picture.
export function JobCard({
  job,
  isViewer,
  dragHandle,
}: {
  job: TJob;
  isViewer: boolean;
  dragHandle?: ReactNode;
}) {
  const title = job.title.trim() || jobMessages.untitledJob;
  const location = jobLocationText(job);
  const open = job.status === 'open';
  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={title}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', borderRadius: 2, position: 'relative' }}
    >
      <Box sx={{ position: 'relative' }}>
        <JobThumbnail job={job} />
        <Chip
          size="small"
          label={open ? 'Live' : 'Closed'}
          color={open ? 'success' : 'default'}
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            fontWeight: 600,
            ...(open ? {} : { bgcolor: 'background.paper' }),
          }}
        />
        {dragHandle && <Box sx={{ position: 'absolute', top: 6, left: 6 }}>{dragHandle}</Box>}
      </Box>

      <Box sx={{ px: 2, pt: 1.25, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography component="h2" variant="h6" noWrap title={title}>
              <Link component={RouterLink} to={`/jobs/${job._id}/view`} color="inherit" underline="hover">
                {title}
              </Link>
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              noWrap
              sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
            >
              <PlaceOutlinedIcon sx={{ fontSize: 16 }} aria-hidden="true" />
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {location || 'No location yet'}
              </Box>
            </Typography>
          </Box>
          <JobCardMenu job={job} isViewer={isViewer} />
        </Stack>
        {job.postHeading.trim() && (
          <Typography
            variant="body2"
            sx={{
              mt: 0.75,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {fillJobTitle(job.postHeading, job.title)}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p" noWrap sx={{ mt: 0.5 }}>
          {applicantsText(job.applicantsCount)} ·{' '}
          {job.publishedAt ? `Published ${dayjs(job.publishedAt).format('D MMM YYYY')}` : 'Not published yet'}
        </Typography>
      </Box>

      <Box sx={{ mt: 'auto', px: 1, pb: 0.5 }}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 0.25 }}>
          <Button
            size="small"
            component={RouterLink}
            to={`/jobs/${job._id}/view`}
            startIcon={<PeopleAltOutlinedIcon />}
          >
            Applicants
          </Button>
          <Button
            size="small"
            component={RouterLink}
            to={`/jobs/${job._id}/edit`}
            startIcon={<EditOutlinedIcon />}
          >
            Edit
          </Button>
          <Button
            size="small"
            component={RouterLink}
            to={`/jobs/${job._id}/edit?tab=team`}
            startIcon={<GroupOutlinedIcon />}
          >
            Team
          </Button>
        </Stack>
        <Divider sx={{ mx: 1 }} />
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: 1, py: 0.25 }}
        >
          <LiveToggle job={job} size="small" />
          <Button
            size="small"
            href={`/preview/${job._id}`}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon sx={{ fontSize: 16 }} />}
            aria-label={`Preview ${title} (opens in a new tab)`}
          >
            Preview
          </Button>
        </Stack>
      </Box>
    </Card>
  );
}
