import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import type { TTranscriptSegment } from '@hirecast/domain/transcript';
import { clockTime } from '../../lib/transcripts.ts';

/** The line being said at `time`: the last one started, until the next starts (or it ends, for the last). */
export function currentLine(segments: TTranscriptSegment[], time: number): number {
  let found = -1;
  for (const [i, segment] of segments.entries()) {
    if (segment.start > time) break;
    found = i;
  }
  if (found === segments.length - 1 && found >= 0 && time > segments[found]!.end + 0.5) return -1;
  return found;
}

/**
 * Issue 34 item 4: a transcript's lines beside its video. The line being said is marked (aria-current) and kept
 * in view while it plays; a click, Enter or Space on a line plays the video from its start.
 */
export function TranscriptLines({
  segments,
  time,
  onSeek,
  label,
}: {
  segments: TTranscriptSegment[];
  time: number;
  onSeek: (seconds: number) => void;
  label: string;
}) {
  const current = currentLine(segments, time);
  const list = useRef<HTMLOListElement>(null);
  // Only the panel scrolls (never the page): the current line is brought into the panel's view.
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !item) return;
    const top = item.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }, [current]);
  return (
    <Box
      component="ol"
      ref={list}
      aria-label={label}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        overflowY: 'auto',
        maxHeight: { xs: 260, md: 340 },
        position: 'relative',
      }}
    >
      {segments.map((segment, i) => (
        <li key={`${segment.start}-${i}`}>
          <Box
            component="button"
            type="button"
            aria-current={i === current ? 'true' : undefined}
            onClick={() => onSeek(segment.start)}
            sx={{
              display: 'flex',
              gap: 1.5,
              width: '100%',
              textAlign: 'left',
              font: 'inherit',
              fontSize: '0.9375rem',
              lineHeight: 1.5,
              color: 'text.primary',
              bgcolor: i === current ? 'rgba(25, 118, 210, 0.12)' : 'transparent',
              border: 0,
              borderLeft: '3px solid',
              borderColor: i === current ? 'primary.main' : 'transparent',
              borderRadius: 1,
              px: 1,
              py: 0.75,
              cursor: 'pointer',
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
            }}
          >
            <Box
              component="span"
              sx={{
                color: 'text.secondary',
                fontVariantNumeric: 'tabular-nums',
                minWidth: '2.75em',
                flexShrink: 0,
              }}
            >
              {clockTime(segment.start)}
            </Box>
            <Box component="span" sx={{ overflowWrap: 'anywhere', fontWeight: i === current ? 600 : 400 }}>
              {segment.text.trim()}
            </Box>
          </Box>
        </li>
      ))}
    </Box>
  );
}
