import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { JOB_LIMITS, type TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { LiveToggle } from '../publish/live-toggle.tsx';
import { SaveStatus } from '../../../../components/save-status.tsx';
import type { TSaveStatus } from './use-job-autosave.ts';

// spec 1 §9: job titles over 50 characters are truncated in the header.
export const truncateTitle = (title: string) =>
  title.length > JOB_LIMITS.titleTruncate ? `${title.slice(0, JOB_LIMITS.titleTruncate).trimEnd()}…` : title;

const previewPath = (id: string) => `/preview/${encodeURIComponent(id)}`;

// spec 1 §2 Job edit page: 'Edit' with 'Done' back to /jobs; the mobile menu has 'Preview listing' and Live.
// A viewer cannot change the job (spec 1 §6): the page says 'View job' and 'Read-only' instead of 'Edit'.
export function JobEditHeader({
  job,
  status,
  readOnly = false,
}: {
  job: TJob;
  status: TSaveStatus;
  readOnly?: boolean;
}) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const title = job.title.trim() || jobMessages.untitledJob;

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, minHeight: 56 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontSize: { xs: '1.4rem', sm: '1.75rem' }, fontWeight: 700 }}
          >
            {readOnly ? 'View job' : 'Edit'}
          </Typography>
          {readOnly ? (
            <Chip
              size="small"
              variant="outlined"
              icon={<LockOutlined />}
              label="Read-only"
              title={jobMessages.viewerCannotEdit}
            />
          ) : (
            <SaveStatus status={status} />
          )}
        </Box>
        <Typography
          variant="body2"
          color="text.secondary"
          title={job.title}
          sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {truncateTitle(title)}
        </Typography>
      </Box>
      <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 2 }}>
        <LiveToggle job={job} />
        <Button
          component="a"
          href={previewPath(job._id)}
          target="_blank"
          rel="noopener"
          startIcon={<OpenInNew />}
        >
          Preview listing
        </Button>
      </Box>
      <IconButton
        aria-label="More job actions"
        onClick={(e) => setMenuAnchor(e.currentTarget)}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          component="a"
          href={previewPath(job._id)}
          target="_blank"
          rel="noopener"
          onClick={() => setMenuAnchor(null)}
        >
          <ListItemIcon>
            <OpenInNew fontSize="small" />
          </ListItemIcon>
          Preview listing
        </MenuItem>
        <Divider />
        <Box sx={{ px: 2, py: 0.5 }}>
          <LiveToggle job={job} size="small" />
        </Box>
      </Menu>
      <Button variant="contained" component={RouterLink} to="/jobs">
        Done
      </Button>
    </Box>
  );
}
