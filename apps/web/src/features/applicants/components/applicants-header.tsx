import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { applicantMessages } from '@hirecast/domain/applicants';
import { truncateTitle } from './applicant-display.ts';

function Title({ title }: { title: string | null }) {
  const sx = { fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' } as const;
  if (title === null)
    return (
      <Typography variant="h1" sx={sx}>
        <Skeleton width={280} />
      </Typography>
    );
  const full = title.trim() || applicantMessages.untitledJob;
  const shown = truncateTitle(full);
  if (shown === full)
    return (
      <Typography variant="h1" sx={sx}>
        {full}
      </Typography>
    );
  // Truncated: the full title is in a tooltip, reachable with the keyboard too, and read out in full.
  return (
    <Tooltip title={full}>
      <Typography variant="h1" sx={sx} tabIndex={0} aria-label={full}>
        {shown}
      </Typography>
    </Tooltip>
  );
}

// spec 2 §2 Applicants list header: back link to /jobs, the job title, and the Actions menu (hidden for viewers).
export function ApplicantsHeader({
  title,
  showActions,
  exporting,
  onReengage,
  onExport,
}: {
  /** null while the job loads. */
  title: string | null;
  showActions: boolean;
  exporting: boolean;
  onReengage: () => void;
  onExport: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);

  return (
    <Box component="header" sx={{ mb: 2.5 }}>
      <Link
        component={RouterLink}
        to="/jobs"
        color="text.secondary"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, mb: 1 }}
      >
        <ArrowBackIcon fontSize="small" aria-hidden="true" />
        Jobs
      </Link>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Title title={title} />
        </Box>
        {showActions && (
          <>
            <Button
              variant="outlined"
              endIcon={<ExpandMoreIcon />}
              aria-haspopup="menu"
              aria-expanded={anchor ? 'true' : undefined}
              aria-controls={anchor ? menuId : undefined}
              onClick={(event) => setAnchor(event.currentTarget)}
              sx={{ flexShrink: 0, mt: { xs: 0.25, sm: 0.75 }, bgcolor: 'background.paper' }}
            >
              Actions
            </Button>
            <Menu
              id={menuId}
              anchorEl={anchor}
              open={Boolean(anchor)}
              onClose={close}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            >
              <MenuItem
                onClick={() => {
                  close();
                  onReengage();
                }}
              >
                <ListItemIcon>
                  <MarkEmailReadOutlinedIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>Re-engage</ListItemText>
              </MenuItem>
              <MenuItem
                disabled={exporting}
                onClick={() => {
                  close();
                  onExport();
                }}
              >
                <ListItemIcon>
                  <FileDownloadOutlinedIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText>{exporting ? 'Exporting…' : 'Export'}</ListItemText>
              </MenuItem>
            </Menu>
          </>
        )}
      </Box>
    </Box>
  );
}
