import { useEffect, useRef, useState } from 'react';
import type { TPublicVideo } from '@hirecast/domain/public-job';
import { engagementMark } from '../lib/engagement.ts';

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
 * A job video: the hosted renditions in a native player (720p first, then the 480p mp4), or the YouTube/Vimeo
 * embed loaded lazily. `onMark` hears each engagement mark reached while playing (hosted videos only).
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
        onPlaying={onMark ? (e) => onMark(engagementMark(e.currentTarget.currentTime)) : undefined}
        onTimeUpdate={onMark ? (e) => onMark(engagementMark(e.currentTarget.currentTime)) : undefined}
      >
        {sources.map((src) => (
          <source key={src} src={src} type="video/mp4" />
        ))}
      </video>
    </div>
  );
}
