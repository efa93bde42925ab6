import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import type { TTemplateData } from '@hirecast/domain/video-template';
import { drawTemplateFrame, type TTemplateCanvas } from '@hirecast/domain/video-template-draw';
import { formatPlaybackTime, TEMPLATE_MESSAGES } from '@hirecast/domain/video-template-rules';
import {
  buildTemplateTimeline,
  sceneAt,
  type TTemplateTimeline,
  type TTimelineScene,
} from '@hirecast/domain/video-template-timeline';
import { CaptionsButton } from '../../../../components/media/captions-button.tsx';
import { useCaptionsOn } from '@hirecast/recorder/use-captions-choice';
import { useClipSources } from '../../api/use-clip-sources.ts';
import { soundtrackUrl } from './editor-assets.ts';
import { PreviewCaption } from './preview-caption.tsx';
import { usePlanCaptions, cueAt } from './use-plan-captions.ts';
import { useTemplateAssets } from './use-template-assets.ts';

export type TPlayerHandle = {
  canvas: HTMLCanvasElement | null;
  /** Moves to `ms` (paused), waits for the clips on screen to reach it, and draws that frame. */
  seek: (ms: number) => Promise<void>;
};

/** A seek asked of the canvas from outside React (tests): `canvas.dispatchEvent(new CustomEvent(SEEK_EVENT, { detail: ms }))`. */
export const SEEK_EVENT = 'template-seek';
const DRIFT_S = 0.3;
/** Where a paused player opens: the opening card once its text has settled (at 0 it has not faded in yet). */
const OPENING_MS = 1500;

type TTimelineResult = { timeline: TTemplateTimeline; error: null } | { timeline: null; error: string };

function timelineOf(data: TTemplateData): TTimelineResult {
  try {
    return { timeline: buildTemplateTimeline(data.type, data), error: null };
  } catch (err) {
    return { timeline: null, error: err instanceof Error ? err.message : String(err) };
  }
}

/** The video scenes on screen at t (the one in front and, in a crossfade, the outgoing one). */
function clipsAt(timeline: TTemplateTimeline, t: number) {
  const at = sceneAt(timeline, t);
  if (!at) return [];
  const list: { scene: TTimelineScene; localMs: number }[] = [{ scene: at.scene, localMs: at.localMs }];
  if (at.outgoing) list.push(at.outgoing);
  return list.filter((c) => c.scene.kind === 'video' && c.scene.clipMs > 0);
}

/** Moves a media element (kept out of React's state) to `seconds`. */
function setMediaTime(media: HTMLMediaElement, seconds: number) {
  media.currentTime = seconds;
}
function setMediaVolume(media: HTMLMediaElement, volume: number) {
  media.volume = volume;
}

const waitSeeked = (video: HTMLVideoElement) =>
  new Promise<void>((resolve) => {
    const done = () => {
      video.removeEventListener('seeked', done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, 3000);
    video.addEventListener('seeked', done);
  });

// spec 3 §2: the editor's preview player. Every frame is drawn on a <canvas> by drawTemplateFrame, the same
// function the server renders the MP4 with; the clips play in hidden <video> elements kept in step with the
// timeline, and the soundtrack in an <audio> at the template's volume (under clips only where applySoundtrack).
export function PreviewPlayer({ data, handleRef }: { data: TTemplateData; handleRef?: Ref<TPlayerHandle> }) {
  const { timeline, error: timelineError } = useMemo(() => timelineOf(data), [data]);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const timeRef = useRef(OPENING_MS);
  const clock = useRef<{ wall: number; at: number } | null>(null);
  const [playing, setPlaying] = useState(false);
  const [shownMs, setShownMs] = useState(OPENING_MS);
  const { fontReady, logo } = useTemplateAssets(data);
  const [drawError, setDrawError] = useState<string | null>(null);
  const durationMs = timeline?.durationMs ?? 0;
  const width = timeline?.width ?? 1280;
  const height = timeline?.height ?? 720;
  const videoSections = data.sections.filter((s) => s.type === 'video' && s.video.url);
  const clipSource = useClipSources(data.sections);
  const captions = usePlanCaptions(data, timeline);
  const cc = useCaptionsOn();
  const cue = cc.on ? cueAt(captions, shownMs) : null;

  const draw = useCallback(
    (t: number) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx || !timeline) return;
      try {
        drawTemplateFrame(ctx as unknown as TTemplateCanvas<CanvasImageSource>, {
          timeline,
          data,
          tMs: t,
          width: canvas.width,
          height: canvas.height,
          clip: (id) => {
            const v = videos.current.get(id);
            return v && v.readyState >= 2 ? v : null;
          },
          logo,
        });
        canvas.dataset.frameMs = String(Math.round(t));
        setDrawError(null);
      } catch (err) {
        setDrawError(err instanceof Error ? err.message : String(err));
      }
    },
    [timeline, data, logo],
  );

  /** Keeps the clips and the soundtrack in step with time t while playing. */
  const syncMedia = useCallback(
    (t: number, play: boolean) => {
      if (!timeline) return;
      const onScreen = clipsAt(timeline, t);
      for (const [id, video] of videos.current) {
        const clip = onScreen.find((c) => c.scene.sectionId === id);
        if (!clip || !play) {
          if (!video.paused) video.pause();
          continue;
        }
        const target = Math.min(clip.localMs, clip.scene.clipMs) / 1000;
        if (clip.localMs >= clip.scene.clipMs) {
          if (!video.paused) video.pause();
          continue;
        }
        if (Math.abs(video.currentTime - target) > DRIFT_S) setMediaTime(video, target);
        if (video.paused) void video.play().catch(() => undefined);
      }
      const audio = audioRef.current;
      if (audio) {
        const front = sceneAt(timeline, t)?.scene;
        const section = front ? data.sections[front.sectionIndex] : undefined;
        const under = !section || section.type !== 'video' || section.applySoundtrack;
        setMediaVolume(audio, under ? data.volume : 0);
        if (!play) {
          if (!audio.paused) audio.pause();
        } else {
          const length = Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : 0;
          const target = length ? (t / 1000) % length : t / 1000;
          if (Math.abs(audio.currentTime - target) > DRIFT_S) setMediaTime(audio, target);
          if (audio.paused) void audio.play().catch(() => undefined);
        }
      }
    },
    [timeline, data],
  );

  const seek = useCallback(
    async (ms: number) => {
      clock.current = null;
      setPlaying(false);
      const t = Math.min(Math.max(0, ms), durationMs);
      timeRef.current = t;
      setShownMs(t);
      syncMedia(t, false);
      if (timeline) {
        const waits = clipsAt(timeline, t).map(({ scene, localMs }) => {
          const video = videos.current.get(scene.sectionId);
          if (!video) return Promise.resolve();
          const target = Math.min(localMs, Math.max(0, scene.clipMs - 1)) / 1000;
          if (video.readyState >= 2 && Math.abs(video.currentTime - target) < 0.001) return Promise.resolve();
          const seeked = waitSeeked(video);
          setMediaTime(video, target);
          return seeked;
        });
        await Promise.all(waits);
      }
      if (fontReady) draw(t);
    },
    [durationMs, syncMedia, timeline, draw, fontReady],
  );

  useImperativeHandle(handleRef, () => ({ canvas: canvasRef.current, seek }), [seek]);

  // Tests (and anything outside React) can seek through an event on the canvas.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onSeek = (e: Event) => void seek(Number((e as CustomEvent<number>).detail));
    canvas.addEventListener(SEEK_EVENT, onSeek);
    return () => canvas.removeEventListener(SEEK_EVENT, onSeek);
  }, [seek]);

  // Paused: redraw the current frame whenever the template, the font or the logo change.
  useEffect(() => {
    if (!playing && fontReady) draw(timeRef.current);
  }, [playing, fontReady, draw]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let lastShown = 0;
    const tick = (now: number) => {
      const c = clock.current ?? (clock.current = { wall: now, at: timeRef.current });
      const t = Math.min(c.at + (now - c.wall), durationMs);
      timeRef.current = t;
      syncMedia(t, true);
      draw(t);
      if (now - lastShown > 100) {
        lastShown = now;
        setShownMs(t);
      }
      if (t >= durationMs) {
        setShownMs(t);
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      clock.current = null;
      syncMedia(timeRef.current, false);
    };
  }, [playing, durationMs, syncMedia, draw]);

  const toggle = () => {
    if (playing) return setPlaying(false);
    if (timeRef.current >= durationMs) timeRef.current = 0;
    clock.current = null;
    setPlaying(true);
  };

  const error = timelineError ?? drawError;
  const portrait = data.type === 'portrait';
  // One rounding for the editor, the cards and the rendered video's player (issue 23 item 8).
  const time = (ms: number) => formatPlaybackTime(ms) ?? '0:00';

  return (
    <Box component="section" aria-label="Preview" sx={{ position: 'relative' }}>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {TEMPLATE_MESSAGES.playerError}: {error}
        </Alert>
      )}
      <Box
        sx={{
          bgcolor: 'grey.900',
          borderRadius: 2,
          overflow: 'hidden',
          display: 'flex',
          justifyContent: 'center',
        }}
      >
        <Box sx={{ position: 'relative', width: portrait ? 'auto' : '100%', maxWidth: '100%' }}>
          <Box
            component="canvas"
            ref={canvasRef}
            width={width}
            height={height}
            role="img"
            aria-label={`Preview of ${data.title || 'the animated video'}`}
            data-playing={playing ? 'true' : 'false'}
            sx={{
              display: 'block',
              width: portrait ? 'auto' : '100%',
              height: portrait ? { xs: '60vh', md: '62vh' } : 'auto',
              maxWidth: '100%',
              aspectRatio: `${width} / ${height}`,
            }}
          />
          {cc.on && captions.length > 0 && <PreviewCaption text={cue?.text ?? null} />}
          {captions.length > 0 && <CaptionsButton on={cc.on} onToggle={cc.toggle} />}
        </Box>
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1 }}>
        <IconButton
          onClick={toggle}
          aria-label={playing ? 'Pause preview' : 'Play preview'}
          disabled={!timeline || durationMs === 0}
        >
          {playing ? <PauseIcon /> : <PlayArrowIcon />}
        </IconButton>
        <Slider
          aria-label="Position"
          min={0}
          max={Math.max(1, durationMs)}
          step={1}
          value={Math.min(shownMs, durationMs)}
          onChange={(_e, v) => void seek(Array.isArray(v) ? (v[0] ?? 0) : v)}
          getAriaValueText={(v) => `${time(v)} of ${time(durationMs)}`}
          sx={{ flex: 1 }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 84, textAlign: 'right' }}>
          {time(Math.min(shownMs, durationMs))} / {time(durationMs)}
        </Typography>
      </Stack>
      <Box
        aria-hidden="true"
        sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', opacity: 0 }}
      >
        {videoSections.map((s) =>
          s.type === 'video' ? (
            <video
              key={`${s.id}:${clipSource(s)}`}
              ref={(el) => {
                if (el) videos.current.set(s.id, el);
                else videos.current.delete(s.id);
              }}
              src={clipSource(s)}
              crossOrigin="anonymous"
              preload="auto"
              playsInline
              onLoadedData={() => {
                if (!playing && fontReady) draw(timeRef.current);
              }}
              onSeeked={() => {
                if (!playing && fontReady) draw(timeRef.current);
              }}
            />
          ) : null,
        )}
        {data.soundtrack && <audio ref={audioRef} src={soundtrackUrl(data.soundtrack)} preload="auto" loop />}
      </Box>
    </Box>
  );
}
