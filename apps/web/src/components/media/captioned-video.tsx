import { type Ref, type SyntheticEvent, useImperativeHandle, useRef } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { captionsLabel } from '@hirecast/domain/captions';
import { captionsFileUrl, useCaptions } from './api/get-captions.ts';
import { CaptionsButton } from './captions-button.tsx';
import { useCaptionsChoice } from '@hirecast/recorder/use-captions-choice';

// Issue 34 item 2: the employer app's one player of a library video: its captions (reviewed, else made from its
// transcript; the members' route) through a <track>, with a CC button that remembers the viewer's choice.
// Cues are sized for a phone: Chromium sizes them by the video's height, tiny in a 390 px wide dialog.
export const cueSx = {
  '&::cue': {
    fontSize: { xs: '1rem', sm: '1.25rem' },
    lineHeight: 1.35,
    color: '#fff',
    backgroundColor: 'rgba(0,0,0,.8)',
  },
} as const;

export function CaptionedVideo({
  assetId,
  src,
  poster,
  label,
  preload,
  autoPlay,
  onTimeUpdate,
  videoRef,
  sx,
  frameSx,
}: {
  assetId: string;
  src: string | undefined;
  poster?: string;
  label: string;
  preload?: 'none' | 'metadata' | 'auto';
  autoPlay?: boolean;
  onTimeUpdate?: (event: SyntheticEvent<HTMLVideoElement>) => void;
  /** The editor's "play from a cue" reaches the player through this. */
  videoRef?: Ref<HTMLVideoElement>;
  sx?: SxProps<Theme>;
  frameSx?: SxProps<Theme>;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useImperativeHandle(videoRef, () => ref.current!, []);
  const captions = useCaptions(assetId);
  const has = captions.data !== undefined && captions.data.cues.length > 0;
  const cc = useCaptionsChoice(ref, has);
  const srclang = captions.data?.language ?? 'en';
  return (
    <Box sx={[{ position: 'relative' }, ...(Array.isArray(frameSx) ? frameSx : [frameSx])]}>
      <Box
        component="video"
        ref={ref}
        controls
        playsInline
        preload={preload}
        autoPlay={autoPlay}
        src={src}
        poster={poster}
        onTimeUpdate={onTimeUpdate}
        aria-label={label}
        sx={[{ display: 'block', width: '100%', ...cueSx }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        {has && (
          <track
            // A new version of the captions (saved in the editor) is a new track.
            key={captions.data.updatedAt ?? 'generated'}
            kind="captions"
            src={captionsFileUrl(assetId, 'vtt')}
            srcLang={srclang}
            label={captionsLabel(srclang)}
            default
          />
        )}
      </Box>
      {has && <CaptionsButton on={cc.on} onToggle={cc.toggle} />}
    </Box>
  );
}
