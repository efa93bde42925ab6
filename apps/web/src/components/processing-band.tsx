import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/**
 * A band across the bottom of a video's picture while the pipeline works on it: 'Processing' and how far it
 * is (spec 3 §4 statuses). The lists poll while a video processes, so it moves and then goes by itself.
 */
export function ProcessingBand({ title, percent }: { title: string; percent: number }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        left: 0,
        right: 0,
        bottom: 0,
        px: 1.25,
        pt: 0.75,
        pb: 1,
        bgcolor: 'rgba(0,0,0,.72)',
        color: 'common.white',
        pointerEvents: 'none',
      }}
    >
      <Box
        component="span"
        sx={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, fontWeight: 600, mb: 0.5 }}
      >
        <span>Processing</span>
        <span aria-hidden="true">{percent}%</span>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`Processing ${title}`}
        sx={{
          height: 4,
          borderRadius: 2,
          bgcolor: 'rgba(255,255,255,.3)',
          '& .MuiLinearProgress-bar': { bgcolor: 'common.white' },
        }}
      />
    </Box>
  );
}
