import { useId, useState, type ChangeEvent, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import UploadIcon from '@mui/icons-material/Upload';
import { ASSET_LIMITS, checkMediaFile } from '@hirecast/domain/asset';
import type { TTemplateData } from '@hirecast/domain/video-template';
import { buildTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import { uploadImage } from '../../../../lib/upload-image.ts';
import {
  isSixteenByNine,
  readImageSize,
  THUMBNAIL_RATIO_MESSAGE,
  THUMBNAIL_UPLOAD_FAILED,
} from '../thumbnail-check.ts';
import type { TPlayerHandle } from './preview-player.tsx';

type TFrame = { ms: number; url: string };

/** Frame times for the gallery: the middle of every scene, up to the spec's 10. */
export function thumbnailTimes(data: TTemplateData): number[] {
  const { scenes } = buildTemplateTimeline(data.type, data);
  return scenes.map((s) => Math.round(s.startMs + s.durationMs / 2)).slice(0, ASSET_LIMITS.thumbnailsShown);
}

// spec 3 §2 Thumbnail selector: empty, skeleton (generating) and gallery; a custom upload is allowed.
// The gallery's frames are drawn by the preview player, so they are frames of the video to be.
export function ThumbnailSelector({
  data,
  player,
  onChange,
  onUploadingChange,
}: {
  data: TTemplateData;
  player: RefObject<TPlayerHandle | null>;
  onChange: (cover: string | null) => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const [frames, setFrames] = useState<TFrame[] | null>(null);
  const [generating, setGenerating] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const upload = async (file: Blob) => {
    setUploading(true);
    onUploadingChange(true);
    setError(null);
    try {
      const { url } = await uploadImage({ file, onProgress: () => undefined, imageType: 'thumbnail' });
      onChange(url);
    } catch {
      setError(THUMBNAIL_UPLOAD_FAILED);
    } finally {
      setUploading(false);
      onUploadingChange(false);
    }
  };

  const generate = async () => {
    const handle = player.current;
    if (!handle?.canvas) return;
    setGenerating(true);
    setFrames(null);
    const shot: TFrame[] = [];
    for (const ms of thumbnailTimes(data)) {
      await handle.seek(ms);
      shot.push({ ms, url: handle.canvas.toDataURL('image/jpeg', 0.85) });
    }
    await handle.seek(0);
    setFrames(shot);
    setGenerating(false);
  };

  const choose = async (frame: TFrame) => {
    const blob = await fetch(frame.url).then((r) => r.blob());
    await upload(blob);
  };

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkMediaFile('thumbnail', file);
    if (problem) return setError(problem);
    if (data.type === 'landscape') {
      const size = await readImageSize(file).catch(() => null);
      if (!size || !isSixteenByNine(size)) return setError(THUMBNAIL_RATIO_MESSAGE);
    }
    await upload(file);
  };

  const portrait = data.type === 'portrait';
  const tile = { width: portrait ? 56 : 112, aspectRatio: portrait ? '9 / 16' : '16 / 9', borderRadius: 1 };

  return (
    <Box component="section" aria-labelledby="thumbnail-title">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography id="thumbnail-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          Thumbnail
        </Typography>
        <Button
          size="small"
          startIcon={<AutoAwesomeIcon />}
          onClick={() => void generate()}
          disabled={generating || uploading}
        >
          {frames ? 'Generate again' : 'Generate thumbnails'}
        </Button>
        <Button
          size="small"
          component="label"
          htmlFor={inputId}
          startIcon={<UploadIcon />}
          disabled={uploading}
        >
          Upload
        </Button>
        <input
          id={inputId}
          type="file"
          hidden
          accept="image/jpeg,image/png,image/webp"
          onChange={(e) => void pick(e)}
          aria-label="Upload a thumbnail"
        />
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        {data.cover && (
          <Box sx={{ textAlign: 'center' }}>
            <Box
              component="img"
              src={data.cover}
              alt="Chosen thumbnail"
              sx={{ ...tile, objectFit: 'cover', display: 'block', outline: 3, outlineColor: 'primary.main' }}
            />
            <Button size="small" onClick={() => onChange(null)}>
              Remove
            </Button>
          </Box>
        )}
        {(generating || uploading) &&
          Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" sx={{ ...tile, height: 'auto' }} aria-label="Generating" />
          ))}
        {!generating &&
          frames?.map((frame) => (
            <ButtonBase
              key={frame.ms}
              onClick={() => void choose(frame)}
              disabled={uploading}
              aria-label={`Use the frame at ${(frame.ms / 1000).toFixed(1)} s`}
              sx={{
                ...tile,
                overflow: 'hidden',
                '&:hover, &:focus-visible': { outline: 2, outlineColor: 'primary.main' },
              }}
            >
              <Box
                component="img"
                src={frame.url}
                alt=""
                sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
              />
            </ButtonBase>
          ))}
        {!data.cover && !frames && !generating && !uploading && (
          <Typography variant="body2" color="text.secondary">
            No thumbnail yet. Generate frames from the preview or upload your own image.
          </Typography>
        )}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
