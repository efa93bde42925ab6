import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ClosedCaptionIcon from '@mui/icons-material/ClosedCaption';
import ClosedCaptionDisabledIcon from '@mui/icons-material/ClosedCaptionDisabled';

// Issue 34 item 2: the app's one CC button, over the top right corner of a player (its frame is positioned):
// pressed while captions show. Every player of the app uses it with useCaptionsChoice or useCaptionsOn.
export function CaptionsButton({ on, onToggle }: { on: boolean; onToggle: () => void }) {
  return (
    <Tooltip title={on ? 'Hide captions' : 'Show captions'}>
      <IconButton
        aria-label="Captions"
        aria-pressed={on}
        onClick={onToggle}
        size="small"
        sx={{
          position: 'absolute',
          top: 8,
          right: 8,
          zIndex: 1,
          color: 'common.white',
          bgcolor: 'rgba(0,0,0,.6)',
          '&:hover': { bgcolor: 'rgba(0,0,0,.8)' },
        }}
      >
        {on ? <ClosedCaptionIcon /> : <ClosedCaptionDisabledIcon />}
      </IconButton>
    </Tooltip>
  );
}
