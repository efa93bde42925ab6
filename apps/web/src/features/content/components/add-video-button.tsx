import { useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AddIcon from '@mui/icons-material/Add';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
// The recorder and the upload dialog belong to the media feature (issue 4 items 2 and 6); the library only
// opens them.
import { RecordVideoDialog } from '../../../components/media/record-video-dialog.tsx';
import { UploadVideoDialog } from '../../../components/media/upload-video-dialog.tsx';

export function AddVideoButton() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<null | 'record' | 'upload'>(null);
  const choose = (next: 'record' | 'upload') => () => {
    setAnchor(null);
    setDialog(next);
  };
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Add
      </Button>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={choose('record')}>
          <ListItemIcon>
            <VideocamOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Record a video</ListItemText>
        </MenuItem>
        <MenuItem onClick={choose('upload')}>
          <ListItemIcon>
            <CloudUploadOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Upload a video</ListItemText>
        </MenuItem>
      </Menu>
      <RecordVideoDialog
        open={dialog === 'record'}
        onClose={() => setDialog(null)}
        // The recorder's success view offers Add/Animate/close; the saved video is already in the list.
        onSaved={() => setDialog(null)}
      />
      <UploadVideoDialog
        open={dialog === 'upload'}
        onClose={() => setDialog(null)}
        onSaved={() => setDialog(null)}
      />
    </>
  );
}
