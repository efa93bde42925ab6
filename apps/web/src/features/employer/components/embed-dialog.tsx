import { useId } from 'react';
import { toast } from 'react-toastify';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { companyPageMessages } from '@hirecast/domain/company-page-rules';

// spec 3 §8 Embed copy: a toast either way.
export async function copyEmbedCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success(companyPageMessages.embedCopied);
  } catch {
    toast.error(companyPageMessages.embedCopyFailed);
  }
}

// spec 3 §2: the embed dialog gives an iframe snippet pointing to the public employer page, which posts its
// height so the host page can resize the frame.
export function EmbedDialog({ open, code, onClose }: { open: boolean; code: string; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Embed your career page</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Paste this code into your website where the career page should appear. The frame grows to fit the
          page.
        </DialogContentText>
        <TextField
          label="Embed code"
          value={code}
          fullWidth
          multiline
          minRows={4}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copyEmbedCode(code)}>
          Copy code
        </Button>
      </DialogActions>
    </Dialog>
  );
}
