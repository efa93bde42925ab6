import { useEffect, type RefObject } from 'react';

/**
 * Issue 34 item 2: captions a page already holds (an interview's prompt video, an answer on a review page) played
 * on its player: a `<track kind="captions">` added here (not by React) whose file is made in the browser from the
 * WebVTT text, so no caption route and no link outlives the page. Null: no track.
 */
export function useCaptionTrack(
  video: RefObject<HTMLVideoElement | null>,
  captions: { language: string | null; vtt: string } | null | undefined,
) {
  const vtt = captions?.vtt ?? null;
  const language = captions?.language ?? null;
  useEffect(() => {
    const el = video.current;
    if (!el || !vtt) return;
    const url = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    const track = document.createElement('track');
    track.kind = 'captions';
    track.label = 'Captions';
    track.srclang = language ?? 'en';
    track.src = url;
    track.default = true;
    el.appendChild(track);
    return () => {
      track.remove();
      URL.revokeObjectURL(url);
    };
  }, [video, vtt, language]);
}
