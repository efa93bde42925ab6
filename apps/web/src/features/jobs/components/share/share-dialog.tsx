import { useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { errorMessage } from '../../../../lib/api-client.ts';
import { NARROW_MEDIA } from '../../../../components/layout/layout-constants.ts';
import { shortUrlOf, useCreateShortUrl } from '../../api/create-short-url.ts';
import { useJobShort } from '../../api/get-job-short.ts';
import { ShareEmailForm } from './share-email-form.tsx';
import { copyToClipboard, socialShareLinks } from './share-links.ts';

const copyLink = (url: string) =>
  copyToClipboard(url).then(
    () => toast.success(jobMessages.linkCopied),
    () => toast.error(jobMessages.linkCopyFailed),
  );

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      slotProps={{
        htmlInput: { readOnly: true, onFocus: (e: { target: HTMLInputElement }) => e.target.select() },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Button size="small" startIcon={<ContentCopyIcon />} onClick={() => void copyLink(value)}>
                Copy
              </Button>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

// spec 1 §2 Dialogs: share dialogs (social and email). The link is the §7 share URL with its UTM values.
// spec 1 §6: a viewer copies and shares the link, but creates no short link and sends no email.
export function ShareDialog({
  job,
  isViewer,
  onClose,
}: {
  job: Pick<TJob, '_id' | 'title'>;
  isViewer: boolean;
  onClose: () => void;
}) {
  const narrow = useMediaQuery(NARROW_MEDIA);
  const [tab, setTab] = useState<'link' | 'email'>('link');
  const short = useJobShort(job._id);
  const createShort = useCreateShortUrl();
  const title = job.title.trim() || jobMessages.untitledJob;
  const shareUrl = short.data?.shareUrl;

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="share-dialog-title"
      maxWidth="sm"
      fullWidth
      fullScreen={narrow}
    >
      <DialogTitle id="share-dialog-title" sx={{ pr: 7 }}>
        Share “{title}”
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {!isViewer && (
        <Tabs value={tab} onChange={(_e, value: 'link' | 'email') => setTab(value)} sx={{ px: 3 }}>
          <Tab value="link" label="Link and social" id="share-tab-link" aria-controls="share-panel-link" />
          <Tab value="email" label="Email" id="share-tab-email" aria-controls="share-panel-email" />
        </Tabs>
      )}
      <DialogContent dividers>
        <Box
          role={isViewer ? undefined : 'tabpanel'}
          id="share-panel-link"
          aria-labelledby={isViewer ? undefined : 'share-tab-link'}
          hidden={tab !== 'link'}
        >
          {short.isPending ? (
            <Skeleton variant="rounded" height={40} />
          ) : short.isError || !shareUrl ? (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void short.refetch()}>
                  Retry
                </Button>
              }
            >
              {errorMessage(short.error, 'We could not load the share link.')}
            </Alert>
          ) : (
            <Stack spacing={2.5}>
              <CopyField label="Job link" value={shareUrl} />
              {isViewer ? null : createShort.data ? (
                <CopyField label="Short link" value={shortUrlOf(createShort.data.shortId)} />
              ) : (
                <Box>
                  <Button
                    variant="outlined"
                    size="small"
                    loading={createShort.isPending}
                    onClick={() =>
                      createShort.mutate(shareUrl, { onError: (err) => toast.error(errorMessage(err)) })
                    }
                  >
                    Create a short link
                  </Button>
                </Box>
              )}
              <Box>
                <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                  Share on
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  {socialShareLinks({ url: shareUrl, title }).map((link) => (
                    <Button
                      key={link.name}
                      variant="outlined"
                      size="small"
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`Share on ${link.name} (opens in a new tab)`}
                    >
                      {link.name}
                    </Button>
                  ))}
                </Stack>
              </Box>
            </Stack>
          )}
        </Box>
        {!isViewer && (
          <Box
            role="tabpanel"
            id="share-panel-email"
            aria-labelledby="share-tab-email"
            hidden={tab !== 'email'}
          >
            {tab === 'email' && <ShareEmailForm jobId={job._id} onSent={onClose} />}
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
