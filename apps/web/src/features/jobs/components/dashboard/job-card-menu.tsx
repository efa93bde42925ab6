import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import useMediaQuery from '@mui/material/useMediaQuery';
import BarChartIcon from '@mui/icons-material/BarChart';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import ShareOutlinedIcon from '@mui/icons-material/ShareOutlined';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { NARROW_MEDIA } from '../../../../components/layout/layout-constants.ts';
import { useCopyJob } from '../../api/copy-job.ts';
import { useExportJobEmails } from '../../api/export-job-emails.ts';
import { ShareDialog } from '../share/share-dialog.tsx';
import { TrackingDataDialog } from '../share/tracking-data-dialog.tsx';
import { DeleteJobDialog } from './delete-job-dialog.tsx';

type TOpenDialog = null | 'share' | 'tracking' | 'delete';

// The card menu of spec 1 §2: duplicate, share (off while closed), tracking data, export emails, delete.
// Viewers see only share and tracking data (spec 1 §6). Under 900 px it opens as a bottom sheet.
export function JobCardMenu({ job, isViewer }: { job: TJob; isViewer: boolean }) {
  const narrow = useMediaQuery(NARROW_MEDIA);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<TOpenDialog>(null);
  const copy = useCopyJob();
  const exportEmails = useExportJobEmails();
  const title = job.title.trim() || jobMessages.untitledJob;
  const menuId = `job-menu-${job._id}`;
  const close = () => setAnchor(null);
  const run = (action: () => void) => () => {
    close();
    action();
  };

  const items: ReactNode[] = [];
  if (!isViewer) {
    items.push(
      <MenuItem
        key="duplicate"
        onClick={run(() =>
          copy.mutate(job._id, {
            onSuccess: () => toast.success(jobMessages.copied),
            onError: () => toast.error(jobMessages.createFailure),
          }),
        )}
      >
        <ListItemIcon>
          <ContentCopyIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Duplicate</ListItemText>
      </MenuItem>,
    );
  }
  items.push(
    <MenuItem key="share" disabled={job.status !== 'open'} onClick={run(() => setDialog('share'))}>
      <ListItemIcon>
        <ShareOutlinedIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText secondary={job.status === 'open' ? undefined : 'Publish the job to share it'}>
        Share
      </ListItemText>
    </MenuItem>,
    <MenuItem key="tracking" onClick={run(() => setDialog('tracking'))}>
      <ListItemIcon>
        <BarChartIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>Tracking data</ListItemText>
    </MenuItem>,
  );
  if (!isViewer) {
    items.push(
      <MenuItem
        key="export"
        onClick={run(() =>
          exportEmails.mutate(
            { id: job._id, title },
            { onError: () => toast.error(jobMessages.exportFailure) },
          ),
        )}
      >
        <ListItemIcon>
          <FileDownloadOutlinedIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Export emails</ListItemText>
      </MenuItem>,
      <MenuItem key="delete" onClick={run(() => setDialog('delete'))} sx={{ color: 'error.main' }}>
        <ListItemIcon sx={{ color: 'inherit' }}>
          <DeleteOutlineIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Delete</ListItemText>
      </MenuItem>,
    );
  }

  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions for ${title}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ mt: 0.25, mr: -1 }}
      >
        <MoreVertIcon />
      </IconButton>
      {narrow ? (
        <Drawer
          anchor="bottom"
          open={Boolean(anchor)}
          onClose={close}
          slotProps={{ paper: { sx: { borderTopLeftRadius: 16, borderTopRightRadius: 16, pb: 2, pt: 1 } } }}
        >
          <MenuList id={menuId} autoFocusItem aria-label={`Actions for ${title}`}>
            {items}
          </MenuList>
        </Drawer>
      ) : (
        <Menu
          id={menuId}
          anchorEl={anchor}
          open={Boolean(anchor)}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          {items}
        </Menu>
      )}
      {dialog === 'share' && <ShareDialog job={job} isViewer={isViewer} onClose={() => setDialog(null)} />}
      {dialog === 'tracking' && <TrackingDataDialog job={job} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteJobDialog job={job} onClose={() => setDialog(null)} />}
    </>
  );
}
