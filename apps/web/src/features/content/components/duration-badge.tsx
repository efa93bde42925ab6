import Box from '@mui/material/Box';

/** A card's duration in the corner of its picture ("0:20"), read out as "Duration 0:20". */
export function DurationBadge({ duration }: { duration: string }) {
  return (
    <Box
      component="span"
      aria-label={`Duration ${duration}`}
      sx={{
        position: 'absolute',
        right: 8,
        bottom: 8,
        px: 0.75,
        borderRadius: 1,
        bgcolor: 'rgba(0,0,0,.72)',
        color: 'common.white',
        fontSize: 12,
        fontWeight: 600,
      }}
    >
      {duration}
    </Box>
  );
}
