import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import { spokenLanguageName } from '@hirecast/domain/languages';
import { captionsUrl, useTranscript } from '../../lib/transcripts.ts';
import { cueSx } from '../media/captioned-video.tsx';
import { CaptionsButton } from '../media/captions-button.tsx';
import { useCaptionsChoice } from '@hirecast/recorder/use-captions-choice';
import { TranscriptPanel } from './transcript-panel.tsx';

/** Moves a player (handed to hooks, so changed outside the component's render) to `seconds`. */
function moveTo(video: HTMLVideoElement, seconds: number) {
  video.currentTime = seconds;
}

/**
 * Issue 34 item 4: a candidate's video with its transcript beside it (below it on a phone) and its captions on the
 * player. `startAt` (seconds, from a transcript search's ?t=) is where it starts.
 */
export function VideoWithTranscript({
  assetId,
  src,
  poster,
  label,
  startAt,
  onPlay,
  onLoadedMetadata,
  videoRef,
}: {
  assetId: string;
  src: string;
  poster?: string;
  label: string;
  startAt?: number;
  onPlay?: () => void;
  onLoadedMetadata?: (video: HTMLVideoElement) => void;
  videoRef?: React.RefObject<HTMLVideoElement | null>;
}) {
  const own = useRef<HTMLVideoElement>(null);
  const player = videoRef ?? own;
  const [time, setTime] = useState(startAt ?? 0);
  const { data: transcript, isPending } = useTranscript(assetId);
  const captions = transcript?.status === 'done' && transcript.segments.length > 0;
  // Issue 34 item 2: the same CC button and remembered choice as every player of the app.
  const cc = useCaptionsChoice(player, captions);
  const wrapper = useRef<HTMLDivElement>(null);
  // A search hit opens the answer at its moment: in view, and the player there.
  useEffect(() => {
    if (startAt === undefined) return;
    wrapper.current?.scrollIntoView({ block: 'center' });
  }, [startAt]);
  const seek = (seconds: number) => {
    const video = player.current;
    if (!video) return;
    moveTo(video, seconds);
    setTime(seconds);
    void video.play().catch(() => undefined);
  };
  return (
    <Box
      ref={wrapper}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ position: 'relative', minWidth: 0 }}>
        <Box
          component="video"
          ref={player}
          src={src}
          poster={poster}
          controls
          playsInline
          preload="metadata"
          aria-label={label}
          onPlay={onPlay}
          onTimeUpdate={(e: React.SyntheticEvent<HTMLVideoElement>) => setTime(e.currentTarget.currentTime)}
          onSeeked={(e: React.SyntheticEvent<HTMLVideoElement>) => setTime(e.currentTarget.currentTime)}
          onLoadedMetadata={(e: React.SyntheticEvent<HTMLVideoElement>) => {
            if (startAt !== undefined) e.currentTarget.currentTime = startAt;
            onLoadedMetadata?.(e.currentTarget);
          }}
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: '16 / 9',
            bgcolor: 'grey.900',
            borderRadius: 2,
            ...cueSx,
          }}
        >
          {captions && (
            <track
              kind="captions"
              src={captionsUrl(assetId)}
              srcLang={transcript.language ?? 'en'}
              label={spokenLanguageName(transcript.language) ?? 'Captions'}
              default
            />
          )}
        </Box>
        {captions && <CaptionsButton on={cc.on} onToggle={cc.toggle} />}
      </Box>
      <TranscriptPanel
        assetId={assetId}
        transcript={transcript}
        loading={isPending}
        time={time}
        onSeek={seek}
        label={`Transcript: ${label}`}
      />
    </Box>
  );
}
