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
import { CameraDeniedView, CameraUnsupportedView } from './camera-help-views.tsx';
import { initialRecorderState, maxRecordingSeconds, RECORDER, recorderReducer } from './recorder-machine.ts';
import { CameraStage, CountdownNumber, SaveFailureView, SaveSuccessView } from './recorder-views.tsx';
import { UploadProgress } from './upload-progress.tsx';
import { useCamera, type TCameraQuality } from './use-camera.ts';
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

const pickMimeType = () =>
  ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', RECORDER.mimeType].find(
    (t) => typeof MediaRecorder.isTypeSupported !== 'function' || MediaRecorder.isTypeSupported(t),
  ) ?? RECORDER.mimeType;

function Recorder({ onClose, onSaved, animate }: Omit<TProps, 'open'>) {
  const [state, dispatch] = useReducer(recorderReducer, initialRecorderState);
  const [quality, setQuality] = useState<TCameraQuality>('high');
  const [attempt, setAttempt] = useState(0);
  const [take, setTake] = useState<TTake | null>(null);
  const [title, setTitle] = useState(() => `Recording ${dayjs().format('D MMM YYYY HH:mm')}`);
  const [pickError, setPickError] = useState<string | null>(null);
  const [saved, setSaved] = useState<TVideoAsset | null>(null);
  const maxSeconds = useMemo(() => maxRecordingSeconds(window.location.search), []);
  const recorder = useRef<MediaRecorder | null>(null);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const inputId = useId();
  const upload = useVideoUpload();
  const createAsset = useCreateAsset();

  const cameraWanted = ['starting', 'preview', 'countdown', 'recording'].includes(state.phase);
  const camera = useCamera({ active: cameraWanted, quality, attempt });

  useEffect(() => {
    if (camera.stream) dispatch({ type: 'cameraReady' });
    else if (camera.error === 'denied') dispatch({ type: 'cameraDenied' });
    else if (camera.error === 'unsupported') dispatch({ type: 'cameraFailed' });
  }, [camera.stream, camera.error]);

  // One tick a second drives the 3-2-1 countdown.
  const ticking = state.phase === 'countdown';
  useEffect(() => {
    if (!ticking) return;
    const id = window.setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => window.clearInterval(id);
  }, [ticking]);

  const isRecording = state.phase === 'recording';
  const stream = camera.stream;
  // When the first recorded frame came (performance.now()): the recording time counts from there, as the
  // camera's encoder can take a moment to start after MediaRecorder.start().
  const [firstFrameAt, setFirstFrameAt] = useState<number | null>(null);
  useEffect(() => {
    if (!isRecording || !stream) return;
    const chunks: Blob[] = [];
    const mimeType = pickMimeType();
    const rec = new MediaRecorder(stream, { mimeType });
    const settings = stream.getVideoTracks()[0]?.getSettings();
    let startedAt = 0;
    let firstAt: number | null = null;
    rec.ondataavailable = (e) => {
      if (e.data.size === 0) return;
      if (firstAt === null) {
        // A chunk holds at most one timeslice of frames, so its first frame is at most that old.
        firstAt = Math.max(startedAt, performance.now() - RECORDER.timesliceMs);
        setFirstFrameAt(firstAt);
      }
      chunks.push(e.data);
    };
    rec.onstop = () => {
      const durationMs = firstAt === null ? 0 : performance.now() - firstAt;
      // MediaRecorder writes WebM without a duration; add it so the review player can seek and the server's
      // probe reads the length.
      void fixWebmDuration(new Blob(chunks, { type: RECORDER.mimeType }), durationMs, { logger: false }).then(
        (blob) => {
          setTake({
            blob,
            fileName: 'recording.webm',
            duration: Math.round(durationMs / 100) / 10,
            width: settings?.width,
            height: settings?.height,
          });
          dispatch({ type: 'stopped' });
        },
      );
    };
    rec.start(RECORDER.timesliceMs);
    startedAt = performance.now();
    recorder.current = rec;
    return () => {
      if (rec.state !== 'inactive') rec.stop();
      recorder.current = null;
      setFirstFrameAt(null);
    };
  }, [isRecording, stream]);

  // The timer reads the clock four times a second from the first recorded frame.
  useEffect(() => {
    if (!isRecording || firstFrameAt === null) return;
    const update = () => dispatch({ type: 'elapsed', seconds: (performance.now() - firstFrameAt) / 1000 });
    const id = window.setInterval(update, 250);
    return () => window.clearInterval(id);
  }, [isRecording, firstFrameAt]);

  useEffect(() => {
    if (isRecording && state.elapsed >= maxSeconds) recorder.current?.stop();
  }, [isRecording, state.elapsed, maxSeconds]);

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = checkMediaFile('recorder', file);
    setPickError(problem);
    if (problem) return;
    setTake({ blob: file, fileName: file.name });
    setTitle(file.name.replace(/\.[^.]+$/, '').slice(0, ASSET_LIMITS.titleMax));
    dispatch({ type: 'filePicked' });
  };
  const openPicker = () => fileInput.current?.click();

  const save = async () => {
    if (!take) return;
    dispatch({ type: 'save' });
    try {
      const uploadId = await upload.start(take.blob, take.fileName);
      if (uploadId === null) {
        dispatch({ type: 'saveCancelled' });
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
      dispatch({ type: 'saved' });
    } catch {
      dispatch({ type: 'saveFailed' });
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
              dispatch({ type: 'restart' });
            }}
            onUpload={openPicker}
          />
        )}
        {state.phase === 'unsupported' && <CameraUnsupportedView onUpload={openPicker} />}
        {cameraWanted && (
          <>
            <CameraStage
              stream={camera.stream}
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
                    disabled={state.phase !== 'preview'}
                    onChange={(e) => {
                      setQuality(e.target.checked ? 'low' : 'high');
                      dispatch({ type: 'restart' });
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
                {state.phase === 'recording' ? (
                  <Button
                    variant="contained"
                    color="error"
                    startIcon={<Stop />}
                    onClick={() => recorder.current?.stop()}
                  >
                    Stop
                  </Button>
                ) : (
                  <Button
                    variant="contained"
                    startIcon={<FiberManualRecord />}
                    onClick={() => dispatch({ type: 'record' })}
                    disabled={state.phase !== 'preview'}
                  >
                    Start recording
                  </Button>
                )}
              </Stack>
            </Stack>
          </>
        )}
        {(state.phase === 'review' || state.phase === 'saving') && take && (
          <ReviewStage
            onSize={(width, height) => setTake((t) => (t && !t.width ? { ...t, width, height } : t))}
            take={take}
            title={title}
            titleError={titleError}
            onTitle={setTitle}
            saving={state.phase === 'saving'}
            progress={upload.state.phase === 'uploading' ? upload.state.progress : 100}
            onRetake={() => {
              setTake(null);
              dispatch({ type: 'retake' });
            }}
            onSave={() => void save()}
            onCancel={upload.cancel}
          />
        )}
        {state.phase === 'success' && saved && animate && (
          <AnimateSuccess
            asset={saved}
            dimension={saved.dimension ?? (take ? dimensionOf(take) : undefined)}
            onAdd={() => onSaved(saved)}
            onClose={onClose}
          />
        )}
        {state.phase === 'success' && saved && !animate && (
          <SaveSuccessView onAdd={() => onSaved(saved)} onClose={onClose} />
        )}
        {state.phase === 'failure' && (
          <SaveFailureView
            onReturn={() => {
              upload.reset();
              dispatch({ type: 'return' });
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
