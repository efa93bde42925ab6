import Box from '@mui/material/Box';

/**
 * Issue 34 item 2: the caption the rendered video shows at this moment: over the canvas's foot, and on a phone
 * under it (over a small picture it would hide the clip's name), in a band that keeps its height so the page
 * does not jump as cues come and go.
 */
export function PreviewCaption({ text }: { text: string | null }) {
  return (
    <Box
      sx={{
        position: { xs: 'static', sm: 'absolute' },
        left: '5%',
        right: '5%',
        bottom: '6%',
        minHeight: { xs: '3.6em', sm: 0 },
        px: { xs: 1, sm: 0 },
        py: { xs: 0.75, sm: 0 },
        textAlign: 'center',
        pointerEvents: 'none',
      }}
    >
      {text && (
        <Box
          component="span"
          data-testid="preview-caption"
          sx={{
            px: 0.75,
            py: 0.25,
            fontSize: { xs: '1rem', sm: '1.25rem' },
            lineHeight: 1.35,
            color: '#fff',
            bgcolor: 'rgba(0,0,0,.8)',
            boxDecorationBreak: 'clone',
            WebkitBoxDecorationBreak: 'clone',
          }}
        >
          {text.trim()}
        </Box>
      )}
    </Box>
  );
}
