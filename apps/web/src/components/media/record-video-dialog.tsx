import { useEffect, useId, useMemo, useReducer, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import fixWebmDuration from 'fix-webm-duration';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import FiberManualRecord from '@mui/icons-material/FiberManualRecord';
import Stop from '@mui/icons-material/Stop';
import UploadIcon from '@mui/icons-material/Upload';
import {
  ASSET_LIMITS,
  assetMessages,
  checkMediaFile,
  type TDimension,
  type TVideoAsset,
} from '@hirecast/domain/asset';
import { useCreateAsset } from './api/create-asset.ts';
import { createRecorderState, recorderReducer } from '@hirecast/recorder/machine';
import { cameraEvent, useCamera } from '@hirecast/recorder/use-camera';
import { useMediaRecorder, type TTake as TRecordedTake } from '@hirecast/recorder/use-media-recorder';
import { CameraDeniedView, CameraUnsupportedView } from './camera-help-views.tsx';
import { canRecordHere, maxRecordingSeconds, RECORDER, type TCameraQuality } from './recorder-limits.ts';
import { CameraStage, CountdownNumber, SaveFailureView, SaveSuccessView } from './recorder-views.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { useVideoUpload } from './use-video-upload.ts';

type TProps = {
  open: boolean;
  onClose: () => void;
  onSaved: (asset: TVideoAsset) => void;
  /** Whether the success view offers Animate (not where the video is already going into an animated video). */
  animate?: boolean;
};
type TTake = { blob: Blob; fileName: string; duration?: number; width?: number; height?: number };

// spec 1 §2 'Record your video'; spec 3 §2 Recorder. Mounting the recorder only while open releases the camera
// on close and starts every opening from a fresh preview.
export function RecordVideoDialog({ open, onClose, onSaved, animate = true }: TProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen}>
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogTitle sx={{ pr: 6 }}>Record your video</DialogTitle>
      <DialogContent>
        {open && <Recorder onClose={onClose} onSaved={onSaved} animate={animate} />}
      </DialogContent>
    </Dialog>
  );
}

/** The take's format from its picture size, when known. */
const dimensionOf = (take: TTake): TDimension | undefined =>
  take.width && take.height ? (take.width >= take.height ? 'landscape' : 'portrait') : undefined;

/** The take as the dialog keeps it; MediaRecorder writes WebM without a duration, which is added here so the
 * review player can seek and the server's probe reads the length (MP4 carries its own). */
async function keepTake(take: TRecordedTake): Promise<TTake> {
  const durationMs = take.seconds * 1000;
  const blob =
    take.format.fileType === 'video/webm'
      ? await fixWebmDuration(take.blob, durationMs, { logger: false })
      : take.blob;
  return {
    blob,
    fileName: `recording.${take.format.extension}`,
    duration: take.seconds,
    width: take.width,
    height: take.height,
  };
}

// What became of the take after the recorder: saved as an asset, or not (yet).
type TSavePhase = 'editing' | 'saving' | 'success' | 'failure';

function Recorder({ onClose, onSaved, animate }: Omit<TProps, 'open'>) {
  const maxSeconds = useMemo(() => maxRecordingSeconds(window.location.search), []);
  const [state, dispatch] = useReducer(recorderReducer, createRecorderState({ maxSeconds, open: true }));
  const [savePhase, setSavePhase] = useState<TSavePhase>('editing');
  const [quality, setQuality] = useState<TCameraQuality>('high');
  const [attempt, setAttempt] = useState(0);
  const [take, setTake] = useState<TTake | null>(null);
  const [title, setTitle] = useState(() => `Recording ${dayjs().format('D MMM YYYY HH:mm')}`);
  const [pickError, setPickError] = useState<string | null>(null);
  const [saved, setSaved] = useState<TVideoAsset | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const inputId = useId();
  const upload = useVideoUpload();
  const createAsset = useCreateAsset();

  const cameraWanted = ['starting', 'ready', 'countdown', 'recording', 'stopping'].includes(state.phase);
  const size = RECORDER[quality];
  const { stream, error } = useCamera({ active: cameraWanted, ...size, attempt, supported: canRecordHere });

  useEffect(() => {
    const event = cameraEvent({ stream, error });
    if (event) dispatch(event);
  }, [stream, error]);

  // One tick a second drives the 3-2-1 countdown.
  const ticking = state.phase === 'countdown';
  useEffect(() => {
    if (!ticking) return;
    const id = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(id);
  }, [ticking]);

  useMediaRecorder({
    phase: state.phase,
    stream,
    maxSeconds,
    dispatch,
    handlers: { onTake: async (recorded) => setTake(await keepTake(recorded)) },
  });

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkMediaFile('recorder', file);
    setPickError(problem);
    if (problem) return;
    setTake({ blob: file, fileName: file.name });
    setTitle(file.name.replace(/\.[^.]+$/, '').slice(0, ASSET_LIMITS.titleMax));
    setSavePhase('editing');
    dispatch({ type: 'filePicked' });
  };
  const openPicker = () => fileInput.current?.click();

  const save = async () => {
    if (!take) return;
    setSavePhase('saving');
    try {
      const uploadId = await upload.start(take.blob, take.fileName);
      if (uploadId === null) {
        setSavePhase('editing');
        return;
      }
      const dimension = dimensionOf(take);
      const asset = await createAsset.mutateAsync({
        type: 0,
        title: title.trim(),
        fileName: take.fileName,
        uploadId,
        ...(dimension && { dimension, width: take.width, height: take.height }),
        ...(take.duration ? { duration: take.duration } : {}),
      });
      setSaved(asset);
      setSavePhase('success');
    } catch {
      setSavePhase('failure');
    }
  };

  const titleError =
    title.trim() === ''
      ? assetMessages.titleRequired
      : title.length > ASSET_LIMITS.titleMax
        ? assetMessages.titleTooLong
        : null;

  return (
    <>
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept="video/mp4,video/quicktime,video/x-msvideo,video/avi,.mp4,.mov,.qt,.avi"
        hidden
        onChange={pick}
        aria-label="Video file"
      />
      <Stack spacing={2}>
        {pickError && (
          <Alert severity="error" onClose={() => setPickError(null)}>
            {pickError}
          </Alert>
        )}
        {state.phase === 'denied' && (
          <CameraDeniedView
            onRetry={() => {
              setAttempt((a) => a + 1);
              dispatch({ type: 'open' });
            }}
            onUpload={openPicker}
          />
        )}
        {state.phase === 'unsupported' && <CameraUnsupportedView onUpload={openPicker} />}
        {cameraWanted && (
          <>
            <CameraStage
              stream={stream}
              overlay={state.phase === 'countdown' ? <CountdownNumber value={state.countdown} /> : undefined}
              timer={state.phase === 'recording' ? { elapsed: state.elapsed, max: maxSeconds } : undefined}
            />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
            >
              <FormControlLabel
                control={
                  <Switch
                    checked={quality === 'low'}
                    disabled={state.phase !== 'ready'}
                    onChange={(e) => {
                      setQuality(e.target.checked ? 'low' : 'high');
                      dispatch({ type: 'open' });
                    }}
                  />
                }
                label="Lower quality (640x360)"
              />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <Button
                  variant="outlined"
                  startIcon={<UploadIcon />}
                  onClick={openPicker}
                  disabled={state.phase === 'countdown' || state.phase === 'recording'}
                >
                  Upload a file
                </Button>
                {state.phase === 'recording' || state.phase === 'stopping' ? (
                  <Button
                    variant="contained"
                    color="error"
                    startIcon={<Stop />}
                    disabled={state.phase === 'stopping'}
                    onClick={() => dispatch({ type: 'stop' })}
                  >
                    Stop
                  </Button>
                ) : (
                  <Button
                    variant="contained"
                    startIcon={<FiberManualRecord />}
                    onClick={() => dispatch({ type: 'record' })}
                    disabled={state.phase !== 'ready'}
                  >
                    Start recording
                  </Button>
                )}
              </Stack>
            </Stack>
          </>
        )}
        {state.phase === 'recorded' && (savePhase === 'editing' || savePhase === 'saving') && take && (
          <ReviewStage
            onSize={(width, height) => setTake((t) => (t && !t.width ? { ...t, width, height } : t))}
            take={take}
            title={title}
            titleError={titleError}
            onTitle={setTitle}
            saving={savePhase === 'saving'}
            progress={upload.state.phase === 'uploading' ? upload.state.progress : 100}
            onRetake={() => {
              setTake(null);
              setSavePhase('editing');
              dispatch({ type: 'retake' });
            }}
            onSave={() => void save()}
            onCancel={upload.cancel}
          />
        )}
        {savePhase === 'success' && saved && animate && (
          <AnimateSuccess
            asset={saved}
            dimension={saved.dimension ?? (take ? dimensionOf(take) : undefined)}
            onAdd={() => onSaved(saved)}
            onClose={onClose}
          />
        )}
        {savePhase === 'success' && saved && !animate && (
          <SaveSuccessView onAdd={() => onSaved(saved)} onClose={onClose} />
        )}
        {savePhase === 'failure' && (
          <SaveFailureView
            onReturn={() => {
              upload.reset();
              setSavePhase('editing');
            }}
          />
        )}
      </Stack>
    </>
  );
}

/** The animated video editor opening with a saved video as its first clip, in the video's format. */
const animatePath = (assetId: string, dimension: TDimension | undefined) =>
  `/content/create-${dimension === 'portrait' ? 'portrait' : 'landscape'}?clip=${encodeURIComponent(assetId)}`;

// The success view with Animate: the recorder closes and the editor opens on the video (it needs the router,
// so it is only mounted once there is something to animate). The server tells the format once it has probed
// the file; until then the take's picture size does.
function AnimateSuccess({
  asset,
  dimension,
  onAdd,
  onClose,
}: {
  asset: TVideoAsset;
  dimension: TDimension | undefined;
  onAdd: () => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <SaveSuccessView
      onAdd={onAdd}
      onAnimate={() => {
        onClose();
        void navigate(animatePath(asset._id, dimension));
      }}
      onClose={onClose}
    />
  );
}

function ReviewStage(props: {
  /** The picture's size, read from the file when the take has none (a picked file). */
  onSize: (width: number, height: number) => void;
  take: TTake;
  title: string;
  titleError: string | null;
  onTitle: (t: string) => void;
  saving: boolean;
  progress: number;
  onRetake: () => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const url = useMemo(() => URL.createObjectURL(props.take.blob), [props.take.blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Stack spacing={2}>
      <Box
        component="video"
        src={url}
        controls
        playsInline
        aria-label="Recorded video"
        onLoadedMetadata={(e: React.SyntheticEvent<HTMLVideoElement>) => {
          const { videoWidth, videoHeight } = e.currentTarget;
          if (videoWidth > 0 && videoHeight > 0) props.onSize(videoWidth, videoHeight);
        }}
        sx={{ width: '100%', aspectRatio: '16 / 9', bgcolor: 'grey.900', borderRadius: 2 }}
      />
      <TextField
        label="Title"
        value={props.title}
        onChange={(e) => props.onTitle(e.target.value)}
        error={Boolean(props.titleError)}
        helperText={props.titleError ?? `${props.title.length}/${ASSET_LIMITS.titleMax}`}
        disabled={props.saving}
        slotProps={{ htmlInput: { maxLength: ASSET_LIMITS.titleMax } }}
      />
      {props.saving ? (
        <UploadProgress progress={props.progress} onCancel={props.onCancel} onDelete={props.onCancel} />
      ) : (
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'flex-end' }}
        >
          <Button variant="outlined" onClick={props.onRetake}>
            Retake
          </Button>
          <Button variant="contained" onClick={props.onSave} disabled={Boolean(props.titleError)}>
            Save
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
