import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

const MediaChooserDialog = lazy(async () => ({
  default: (await import('../../../components/media/media-chooser-dialog.tsx')).MediaChooserDialog,
}));

// spec 3 §2 / §9: the banner's recommended size.
export const BANNER_SIZE = { width: 1440, height: 260 } as const;

const IMAGE_KINDS = ['image'] as const;

// spec 3 §2: the banner area with Add Banner, Replace and Delete; the banner is chosen through the image dialog
// (the library's images; the page keeps the image asset's id).
export function BannerArea({
  url,
  editable,
  busy,
  onChoose,
  onDelete,
}: {
  url: string | null;
  editable: boolean;
  busy: boolean;
  onChoose: (imageAssetId: string) => void;
  onDelete: () => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Box
      component="section"
      aria-label="Banner"
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: `${BANNER_SIZE.width} / ${BANNER_SIZE.height}`,
        minHeight: { xs: 120, sm: 160 },
        borderRadius: { xs: 2, sm: 3 },
        overflow: 'hidden',
        bgcolor: url ? 'grey.200' : 'action.hover',
        border: url ? 0 : '2px dashed',
        borderColor: 'divider',
      }}
    >
      {url && (
        <Box
          component="img"
          src={url}
          alt="Company banner"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      {editable && !url && (
        <Stack
          spacing={1}
          sx={{ position: 'absolute', inset: 0, alignItems: 'center', justifyContent: 'center', p: 2 }}
        >
          <Button
            variant="contained"
            startIcon={<AddPhotoAlternateOutlined />}
            onClick={() => setChoosing(true)}
            loading={busy}
          >
            Add Banner
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            Recommended size {BANNER_SIZE.width}*{BANNER_SIZE.height}
          </Typography>
        </Stack>
      )}
      {editable && url && (
        <Stack direction="row" spacing={1} sx={{ position: 'absolute', right: 12, bottom: 12 }}>
          <Button
            variant="contained"
            color="inherit"
            size="small"
            startIcon={<SwapHoriz />}
            onClick={() => setChoosing(true)}
            loading={busy}
            sx={{ bgcolor: 'background.paper' }}
          >
            Replace
          </Button>
          <Button
            variant="contained"
            color="inherit"
            size="small"
            startIcon={<DeleteOutline />}
            onClick={() => setConfirming(true)}
            disabled={busy}
            sx={{ bgcolor: 'background.paper' }}
          >
            Delete
          </Button>
        </Stack>
      )}
      {choosing && (
        <Suspense fallback={null}>
          <MediaChooserDialog
            open
            kinds={IMAGE_KINDS}
            onClose={() => setChoosing(false)}
            onChoose={(chosen) => {
              setChoosing(false);
              onChoose(chosen.asset._id);
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete the banner?"
        confirmLabel="Delete"
        destructive
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
      >
        The banner is removed from your career page. The image stays in your library.
      </ConfirmDialog>
    </Box>
  );
}
