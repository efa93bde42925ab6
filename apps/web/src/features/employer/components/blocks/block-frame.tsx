import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';

// The frame every career page card shares: an outlined card with its actions at the top right.
export function BlockFrame({
  label,
  actions,
  children,
  padded = true,
}: {
  label: string;
  actions?: ReactNode;
  children: ReactNode;
  padded?: boolean;
}) {
  return (
    <Paper
      component="section"
      aria-label={label}
      variant="outlined"
      sx={{ position: 'relative', borderRadius: 3, overflow: 'hidden', p: padded ? { xs: 2, sm: 3 } : 0 }}
    >
      {actions && (
        <Stack
          direction="row"
          spacing={0.5}
          sx={{
            // A phone gives the card's text the whole width: the buttons take a row of their own above it.
            position: padded ? { xs: 'static', sm: 'absolute' } : 'absolute',
            justifyContent: 'flex-end',
            mt: padded ? { xs: -1, sm: 0 } : 0,
            mb: padded ? { xs: 0.5, sm: 0 } : 0,
            top: 8,
            right: 8,
            zIndex: 1,
            bgcolor: padded ? 'transparent' : 'background.paper',
            borderRadius: 2,
            boxShadow: padded ? 0 : '0 1px 4px rgba(30, 37, 34, 0.25)',
          }}
        >
          {actions}
        </Stack>
      )}
      <Box sx={{ pr: actions && padded ? { xs: 0, sm: 10 } : 0 }}>{children}</Box>
    </Paper>
  );
}

/** The remove button of a card that shows company data (statistics, socials, latest jobs) or a library item. */
export function RemoveBlockButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title="Remove from the page">
      <IconButton aria-label={`Remove ${label}`} size="small" onClick={onClick}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
