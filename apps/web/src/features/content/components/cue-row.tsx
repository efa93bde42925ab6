import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import CallSplitIcon from '@mui/icons-material/CallSplit';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  mergeWithNext,
  nudgeCue,
  NUDGE_SECONDS,
  removeCue,
  setCueText,
  splitCue,
} from '@hirecast/domain/caption-edit';
import type { TCaptionCueText } from '@hirecast/domain/captions';
import { formatVttTime } from '@hirecast/domain/webvtt';
import { visuallyHidden } from '../../../components/visually-hidden.ts';

// Issue 34 item 3: one cue of the caption editor: its times with ±0.1 s buttons for each edge, its words, and
// play, split, merge with the next and delete. Each button names its cue for screen readers.

function Action({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Nudge({
  label,
  onClick,
  disabled,
  text,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  text: string;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          onClick={onClick}
          disabled={disabled}
          sx={{ fontSize: 13, fontWeight: 700, borderRadius: 1, minWidth: 36 }}
        >
          {text}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export function CueRow({
  cues,
  index,
  playing,
  readOnly,
  onChange,
  onPlay,
}: {
  cues: TCaptionCueText[];
  index: number;
  playing: boolean;
  readOnly: boolean;
  onChange: (cues: TCaptionCueText[]) => void;
  onPlay: () => void;
}) {
  const cue = cues[index]!;
  const n = index + 1;
  const nudge = (edge: 'start' | 'end', delta: number) => () =>
    onChange(nudgeCue(cues, { index, edge, delta }));
  const time = (edge: 'start' | 'end') => (
    <Stack direction="row" spacing={0.25} sx={{ alignItems: 'center' }}>
      {!readOnly && (
        <Nudge
          label={`Cue ${n}: ${edge} 0.1 s earlier`}
          text="−"
          onClick={nudge(edge, -NUDGE_SECONDS)}
          disabled={readOnly}
        />
      )}
      <Typography
        component="span"
        variant="body2"
        sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 92, textAlign: 'center' }}
      >
        <Box component="span" sx={visuallyHidden}>
          {edge === 'start' ? 'Starts at ' : 'Ends at '}
        </Box>
        {formatVttTime(cue[edge])}
      </Typography>
      {!readOnly && (
        <Nudge
          label={`Cue ${n}: ${edge} 0.1 s later`}
          text="+"
          onClick={nudge(edge, NUDGE_SECONDS)}
          disabled={readOnly}
        />
      )}
    </Stack>
  );
  return (
    <Box
      component="li"
      aria-label={`Cue ${n}`}
      aria-current={playing ? 'time' : undefined}
      sx={{
        py: 1.5,
        px: 1,
        borderTop: 1,
        borderColor: 'divider',
        borderLeft: 4,
        borderLeftColor: playing ? 'primary.main' : 'transparent',
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <Typography component="span" variant="subtitle2" sx={{ minWidth: 24 }}>
          {n}
        </Typography>
        {time('start')}
        <Typography component="span" aria-hidden="true">
          →
        </Typography>
        {time('end')}
        {/* The cue's actions stay together (on a phone, on a line of their own). */}
        <Stack direction="row" sx={{ ml: 'auto' }}>
          <Action label={`Play from cue ${n}`} onClick={onPlay}>
            <PlayArrowIcon fontSize="small" />
          </Action>
          {!readOnly && (
            <>
              <Action label={`Split cue ${n}`} onClick={() => onChange(splitCue(cues, index))}>
                <CallSplitIcon fontSize="small" />
              </Action>
              <Action
                label={`Merge cue ${n} with the next`}
                onClick={() => onChange(mergeWithNext(cues, index))}
                disabled={index === cues.length - 1}
              >
                <CallMergeIcon fontSize="small" />
              </Action>
              <Action label={`Delete cue ${n}`} onClick={() => onChange(removeCue(cues, index))}>
                <DeleteOutlineIcon fontSize="small" />
              </Action>
            </>
          )}
        </Stack>
      </Stack>
      <TextField
        label={`Cue ${n} words`}
        value={cue.text}
        onChange={(event) => onChange(setCueText(cues, index, event.target.value))}
        multiline
        minRows={1}
        fullWidth
        size="small"
        slotProps={{ input: { readOnly } }}
      />
    </Box>
  );
}
