import { lazy, Suspense, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { TVideoAsset } from '@hirecast/domain/asset';
import { JOB_LIMITS } from '@hirecast/domain/job';
import { usePlanGate } from '../../../../lib/billing.ts';
import type { TJobForm } from './job-form.ts';

// The chooser (with its recorder) is only loaded when someone opens it.
const MediaChooserDialog = lazy(async () => ({
  default: (await import('../../../../components/media/media-chooser-dialog.tsx')).MediaChooserDialog,
}));

const posterOf = (asset: TVideoAsset) =>
  asset.data.customThumbnailUrl ?? asset.data.image400 ?? asset.data.image640 ?? asset.data.thumbnailUrl;

/** Moves the item at `from` to `to`, returning a new list. */
function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

// spec 1 §3 `additionalVideos (list of _asset and order)`: library videos shown on the job page (when
// showAdditionalVideos is on), chosen through the media chooser, reordered and removed here; each change
// saves at once.
export function AdditionalVideosField({
  control,
  disabled,
}: {
  control: Control<TJobForm>;
  disabled?: boolean;
}) {
  const { field } = useController({ control, name: 'additionalVideos' });
  const [choosing, setChoosing] = useState(false);
  // spec 1 §8: a plan without video job posts adds no video here either (plan.ts PLAN_FEATURE_TABLE);
  // reordering and removing what the job has stay possible.
  const gate = usePlanGate('additionalVideos');
  const videos = field.value;
  const full = videos.length >= JOB_LIMITS.additionalVideosMax;

  return (
    <Box sx={{ ml: 6.5, mb: 1 }}>
      {videos.length > 0 && (
        <Stack component="ol" aria-label="Additional videos" spacing={1} sx={{ p: 0, m: 0, mb: 1 }}>
          {videos.map((asset, i) => {
            const poster = posterOf(asset);
            return (
              <Stack
                component="li"
                key={asset._id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', listStyle: 'none' }}
              >
                <Box
                  sx={{
                    width: 64,
                    height: 36,
                    flexShrink: 0,
                    borderRadius: 1,
                    bgcolor: 'grey.900',
                    overflow: 'hidden',
                  }}
                >
                  {poster && (
                    <Box
                      component="img"
                      src={poster}
                      alt=""
                      loading="lazy"
                      sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                    />
                  )}
                </Box>
                <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
                  {asset.title}
                </Typography>
                <IconButton
                  size="small"
                  aria-label={`Move ${asset.title} up`}
                  disabled={disabled || i === 0}
                  onClick={() => field.onChange(moved(videos, i, i - 1))}
                >
                  <ArrowUpward fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`Move ${asset.title} down`}
                  disabled={disabled || i === videos.length - 1}
                  onClick={() => field.onChange(moved(videos, i, i + 1))}
                >
                  <ArrowDownward fontSize="small" />
                </IconButton>
                <IconButton
                  size="small"
                  aria-label={`Remove ${asset.title}`}
                  disabled={disabled}
                  onClick={() => field.onChange(videos.filter((v) => v._id !== asset._id))}
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Stack>
            );
          })}
        </Stack>
      )}
      <Button
        size="small"
        variant="outlined"
        startIcon={<Add />}
        onClick={() => setChoosing(true)}
        disabled={disabled || full || !gate.allowed}
      >
        Add video
      </Button>
      {gate.refusal && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {gate.refusal}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        Up to {JOB_LIMITS.additionalVideosMax} videos from your library, shown on the job page in this order.
      </Typography>
      {choosing && (
        <Suspense fallback={null}>
          <MediaChooserDialog
            open
            kinds={['video']}
            onClose={() => setChoosing(false)}
            onChoose={(chosen) => {
              // A video already in the list stays where it is.
              if (chosen.kind === 'video' && !videos.some((v) => v._id === chosen.asset._id) && !full)
                field.onChange([...videos, chosen.asset]);
              setChoosing(false);
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
