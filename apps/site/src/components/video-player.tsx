import { type RefObject, useEffect, useRef, useState } from 'react';
import { captionsLabel } from '@hirecast/domain/captions';
import type { TPublicVideo } from '@hirecast/domain/public-job';
import { createProgressReporter } from '../lib/engagement.ts';
import { useCaptionsChoice } from '@hirecast/recorder/use-captions-choice';

const isHttpUrl = (url: string) => /^https?:\/\//i.test(url) || url.startsWith('/');

/**
 * Issue 17 item 6: Chromium draws a loading spinner over a player whose controls exist while it starts
 * loading. The controls are switched on once the player has settled (nothing more to fetch before Play, the
 * metadata read, or an error), so the poster shows clean; that is a few milliseconds after hydration.
 */
function useSettledControls() {
  const ref = useRef<HTMLVideoElement>(null);
  const [controls, setControls] = useState(false);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const on = () => setControls(true);
    if (video.readyState > 0 || video.networkState === HTMLMediaElement.NETWORK_IDLE) return on();
    const events = ['suspend', 'loadedmetadata', 'error', 'play'] as const;
    for (const name of events) video.addEventListener(name, on, { once: true });
    return () => {
      for (const name of events) video.removeEventListener(name, on);
    };
  }, []);
  return { ref, controls };
}

/**
 * Issue 23 item 1: reports how far the player got: every whole second while it plays, and the furthest position
 * on pause, at the end and when the page is hidden or left (the beacon survives the page).
 */
function useProgressReports(
  ref: RefObject<HTMLVideoElement | null>,
  onMark: ((second: number) => void) | undefined,
) {
  const latest = useRef(onMark);
  useEffect(() => {
    latest.current = onMark;
  }, [onMark]);
  const enabled = Boolean(onMark);
  useEffect(() => {
    const video = ref.current;
    if (!video || !enabled) return;
    const reporter = createProgressReporter((second) => latest.current?.(second));
    const progress = () => reporter.progress(video.currentTime);
    const stop = () => reporter.stop(video.currentTime);
    const ended = () => reporter.stop(Number.isFinite(video.duration) ? video.duration : video.currentTime);
    const hidden = () => {
      if (document.visibilityState === 'hidden') stop();
    };
    video.addEventListener('timeupdate', progress);
    video.addEventListener('pause', stop);
    video.addEventListener('ended', ended);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', stop);
    return () => {
      video.removeEventListener('timeupdate', progress);
      video.removeEventListener('pause', stop);
      video.removeEventListener('ended', ended);
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', stop);
    };
  }, [ref, enabled]);
}

/**
 * A job video: the hosted renditions in a native player (720p first, then the 480p mp4), or the YouTube/Vimeo
 * embed loaded lazily. `onMark` hears each position the player reports (hosted videos only; useProgressReports).
 */
export function JobVideo({
  video,
  title,
  onMark,
}: {
  video: TPublicVideo;
  title: string;
  onMark?: (second: number) => void;
}) {
  if (video.kind === 'embed') {
    if (!isHttpUrl(video.url)) return null;
    return (
      <div className="media-frame">
        <iframe
          src={video.url}
          title={title}
          loading="lazy"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      </div>
    );
  }
  return <HostedVideo video={video} title={title} onMark={onMark} />;
}

function HostedVideo({
  video,
  title,
  onMark,
}: {
  video: Extract<TPublicVideo, { kind: 'hosted' }>;
  title: string;
  onMark?: (second: number) => void;
}) {
  const { ref, controls } = useSettledControls();
  useProgressReports(ref, onMark);
  const captions = video.captions ?? null;
  const cc = useCaptionsChoice(ref, Boolean(captions));
  const sources = [video.mp4_720p, video.mp4].filter((s): s is string => !!s);
  if (sources.length === 0) return null;
  const ratio = video.width && video.height ? `${video.width} / ${video.height}` : undefined;
  return (
    <div className="media-frame media-frame-video" style={ratio ? { aspectRatio: ratio } : undefined}>
      <video
        ref={ref}
        controls={controls}
        playsInline
        // With a poster the player fetches nothing until Play (issue 17 item 6: Chromium's loading spinner
        // could stay over the poster of a half-fetched video); without one, the first frame is the picture.
        preload={video.poster ? 'none' : 'metadata'}
        poster={video.poster ?? undefined}
        aria-label={title}
      >
        {sources.map((src) => (
          <source key={src} src={src} type="video/mp4" />
        ))}
        {/* Issue 34 item 2: the page's own public captions route; shown or hidden by the CC button. */}
        {captions && (
          <track
            kind="captions"
            src={captions.src}
            srcLang={captions.srclang}
            label={captionsLabel(captions.srclang)}
            default
          />
        )}
      </video>
      {captions && (
        <button
          type="button"
          className="cc-button"
          aria-pressed={cc.on}
          aria-label="CC captions"
          title={cc.on ? 'Hide captions' : 'Show captions'}
          onClick={cc.toggle}
        >
          CC
        </button>
      )}
    </div>
  );
}
