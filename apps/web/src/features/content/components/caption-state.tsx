import Chip from '@mui/material/Chip';
import type { TCaptionState } from '@hirecast/domain/captions';

// Issue 34 item 3: a video's captions state, as the library's cards and the caption editor show it.
const LABELS: Record<TCaptionState, string> = {
  none: 'No captions',
  generated: 'Captions: generated',
  reviewed: 'Captions: reviewed',
};

export const captionStateLabel = (state: TCaptionState) => LABELS[state];

export function CaptionStateChip({ state, sx }: { state: TCaptionState; sx?: object }) {
  return (
    <Chip
      size="small"
      label={LABELS[state]}
      color={state === 'reviewed' ? 'success' : 'default'}
      variant={state === 'none' ? 'outlined' : 'filled'}
      sx={{ fontWeight: 600, ...sx }}
    />
  );
}
