import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CaptionedVideo } from '../../../components/media/captioned-video.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useDeleteVideoTemplate } from '../api/delete-video-template.ts';

function FormatShape({ portrait }: { portrait: boolean }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: portrait ? 54 : 128,
        height: portrait ? 96 : 72,
        borderRadius: 1.5,
        border: 2,
        borderColor: 'primary.main',
        bgcolor: 'action.hover',
      }}
    />
  );
}

// spec 3 §2 Animated videos tab: the create button opens a format chooser (landscape or portrait).
export function FormatChooserDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const formats = [
    { value: 'landscape', label: 'Landscape', hint: '16:9 · up to 3 videos' },
    { value: 'portrait', label: 'Portrait', hint: '9:16 · up to 15 videos' },
  ] as const;
  return (
    <Dialog open onClose={onClose} aria-labelledby="format-title" maxWidth="sm" fullWidth>
      <DialogTitle id="format-title" sx={{ pr: 7 }}>
        Choose a format
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {formats.map((f) => (
            <ButtonBase
              key={f.value}
              onClick={() => navigate(`/content/create-${f.value}`)}
              sx={{
                flex: 1,
                p: 3,
                gap: 1.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                flexDirection: 'column',
                minHeight: 180,
                '&:hover, &:focus-visible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
              }}
            >
              <FormatShape portrait={f.value === 'portrait'} />
              <Typography sx={{ fontWeight: 600 }}>{f.label}</Typography>
              <Typography variant="body2" color="text.secondary">
                {f.hint}
              </Typography>
            </ButtonBase>
          ))}
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

// spec 3 §2 Dialogs: view video, for a rendered template (its MP4) or a sample.
export function ViewTemplateDialog({ template, onClose }: { template: TVideoTemplate; onClose: () => void }) {
  const src = template.videoMp4Url_720p ?? template.videoMp4Url ?? undefined;
  const portrait = template.dimension === 'portrait';
  return (
    <Dialog open onClose={onClose} aria-labelledby="template-viewer-title" maxWidth="md" fullWidth>
      <DialogTitle id="template-viewer-title" sx={{ pr: 7 }}>
        <Typography component="span" variant="h6" noWrap sx={{ display: 'block' }}>
          {template.title}
        </Typography>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ p: { xs: 1, sm: 2 }, pt: 0 }}>
        {src && template._file ? (
          // Issue 34 item 2: the rendered video's captions (made from its render plan) on its player.
          <CaptionedVideo
            assetId={template._file}
            autoPlay
            src={src}
            poster={template.thumbnail ?? template.cover ?? undefined}
            label={`Animated video: ${template.title}`}
            sx={{
              maxHeight: '70vh',
              aspectRatio: portrait ? '9 / 16' : '16 / 9',
              bgcolor: 'common.black',
              borderRadius: 1,
            }}
          />
        ) : src ? (
          <Box
            component="video"
            controls
            autoPlay
            playsInline
            src={src}
            poster={template.thumbnail ?? template.cover ?? undefined}
            aria-label={`Animated video: ${template.title}`}
            sx={{
              display: 'block',
              width: '100%',
              maxHeight: '70vh',
              aspectRatio: portrait ? '9 / 16' : '16 / 9',
              bgcolor: 'common.black',
              borderRadius: 1,
            }}
          />
        ) : (
          <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
            This video has not been rendered yet.
          </Typography>
        )}
      </DialogContent>
    </Dialog>
  );
}

// spec 3 §2 Dialogs: delete confirmation; §8 'Successfully deleted'. A failure keeps the question open.
export function DeleteTemplateDialog({
  template,
  onClose,
}: {
  template: TVideoTemplate;
  onClose: () => void;
}) {
  const remove = useDeleteVideoTemplate();
  const confirm = async () => {
    try {
      await remove.mutateAsync(template._id);
    } catch (err) {
      toast.error(errorMessage(err));
      throw err;
    }
    toast.success('Successfully deleted');
  };
  return (
    <ConfirmDialog
      open
      title="Delete this animated video?"
      confirmLabel="Delete"
      destructive
      onConfirm={confirm}
      onClose={onClose}
    >
      “{template.title}” will be removed from your library. This cannot be undone.
    </ConfirmDialog>
  );
}
