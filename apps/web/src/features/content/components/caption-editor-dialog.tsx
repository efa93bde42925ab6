import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { playableUrl, type TVideoAsset } from '@hirecast/domain/asset';
import { addCueAfter, cueIndexAt } from '@hirecast/domain/caption-edit';
import {
  CAPTION_FILE_MAX_BYTES,
  captionMessages,
  validateCues,
  type TCaptionCueText,
  type TCaptions,
} from '@hirecast/domain/captions';
import { captionsFileUrl, useCaptions } from '../../../components/media/api/get-captions.ts';
import { CaptionedVideo } from '../../../components/media/captioned-video.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSaveCaptions, useUploadCaptions } from '../api/save-captions.ts';
import { CaptionStateChip } from './caption-state.tsx';
import { CueRow } from './cue-row.tsx';

// Issue 34 item 3: the caption editor of a library video. Cues listed with their times; edit the words, split,
// merge, nudge either edge by 0.1 s, play from a cue; upload a .vtt or .srt file; download both; Save makes
// the captions reviewed. Every control is a button or a field: the keyboard reaches all of it.

export function CaptionEditorDialog({
  asset,
  readOnly,
  onClose,
}: {
  asset: TVideoAsset;
  readOnly: boolean;
  onClose: () => void;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const captions = useCaptions(asset._id);
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="captions-title"
      maxWidth="md"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle id="captions-title">Captions · {asset.title}</DialogTitle>
      {captions.data ? (
        <CaptionEditor
          // A newer saved version (an upload) starts the editor again from it.
          key={captions.data.updatedAt ?? 'none'}
          asset={asset}
          captions={captions.data}
          readOnly={readOnly}
          onClose={onClose}
        />
      ) : (
        <DialogContent>
          {captions.error ? (
            <Alert severity="error">{errorMessage(captions.error)}</Alert>
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label="Loading the captions" />
            </Box>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

function CaptionEditor({
  asset,
  captions,
  readOnly,
  onClose,
}: {
  asset: TVideoAsset;
  captions: TCaptions;
  readOnly: boolean;
  onClose: () => void;
}) {
  const [cues, setCues] = useState<TCaptionCueText[]>(captions.cues);
  const [dirty, setDirty] = useState(false);
  const [current, setCurrent] = useState(-1);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const save = useSaveCaptions();
  const upload = useUploadCaptions();
  const busy = save.isPending || upload.isPending;

  const change = (next: TCaptionCueText[]) => {
    setCues(next);
    setDirty(true);
    setError(null);
  };
  const playFrom = (seconds: number) => {
    const player = video.current;
    if (!player) return;
    player.currentTime = seconds;
    void player.play().catch(() => undefined);
  };
  const onSave = async () => {
    const checked = validateCues(cues);
    if (!checked.ok) return setError(checked.error);
    try {
      await save.mutateAsync({ assetId: asset._id, body: { cues: checked.cues } });
      toast.success('The captions have been saved');
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const onFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    if (chosen.size > CAPTION_FILE_MAX_BYTES) return setError(captionMessages.tooLarge);
    try {
      await upload.mutateAsync({ assetId: asset._id, file: chosen });
      toast.success(`${chosen.name} is now the video’s captions`);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const saved = captions.cues.length > 0;

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <CaptionedVideo
            assetId={asset._id}
            videoRef={video}
            src={playableUrl(asset)}
            poster={asset.data.customThumbnailUrl || asset.data.image640 || undefined}
            label={asset.title}
            onTimeUpdate={(event) => setCurrent(cueIndexAt(cues, event.currentTarget.currentTime))}
            sx={{ maxHeight: '40vh', bgcolor: 'common.black', borderRadius: 1, aspectRatio: '16 / 9' }}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <CaptionStateChip state={captions.state} />
            {captions.transcriptStatus === 'queued' || captions.transcriptStatus === 'running' ? (
              <Typography variant="body2" color="text.secondary">
                The transcript is being made.
              </Typography>
            ) : null}
          </Stack>
          {!captions.engine && captions.state === 'none' && (
            <Alert severity="info">{captionMessages.noEngine}</Alert>
          )}
          {readOnly && <Alert severity="info">{captionMessages.readOnly}.</Alert>}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {!readOnly && (
              <>
                <Button
                  variant="outlined"
                  startIcon={<UploadFileOutlinedIcon />}
                  onClick={() => file.current?.click()}
                  disabled={busy}
                >
                  Upload .vtt or .srt
                </Button>
                <input
                  ref={file}
                  type="file"
                  accept=".vtt,.srt,text/vtt,application/x-subrip"
                  hidden
                  aria-label="Captions file"
                  onChange={(event) => {
                    void onFile(event.currentTarget.files?.[0]);
                    event.currentTarget.value = '';
                  }}
                />
              </>
            )}
            {saved &&
              (['vtt', 'srt'] as const).map((format) => (
                <Button
                  key={format}
                  variant="text"
                  startIcon={<FileDownloadOutlinedIcon />}
                  href={captionsFileUrl(asset._id, format, true)}
                  download={`${asset.title}.${format}`}
                >
                  Download .{format}
                </Button>
              ))}
          </Stack>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {cues.length === 0 ? (
            <Typography color="text.secondary">
              No cues yet{readOnly ? '.' : ': add one, or upload a file.'}
            </Typography>
          ) : (
            <Box component="ol" aria-label="Cues" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {cues.map((cue, index) => (
                <CueRow
                  // Cues have no ids; their place and start tell them apart while edited.
                  key={`${index}-${cue.start}`}
                  cues={cues}
                  index={index}
                  playing={index === current}
                  readOnly={readOnly}
                  onChange={change}
                  onPlay={() => playFrom(cue.start)}
                />
              ))}
            </Box>
          )}
          {!readOnly && (
            <Box>
              <Button
                startIcon={<AddIcon />}
                onClick={() => change(addCueAfter(cues, cues.length - 1, { duration: asset.duration }))}
              >
                Add a cue
              </Button>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {readOnly ? 'Close' : 'Cancel'}
        </Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => void onSave()} disabled={busy || !dirty}>
            Save
          </Button>
        )}
      </DialogActions>
    </>
  );
}
