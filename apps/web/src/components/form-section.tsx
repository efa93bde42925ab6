import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

// One titled card of form fields (the job editor's Details tab, the settings tabs). Not a named region: its
// title is often also the label of its one field (Calendar link), and two things named alike confuse.
export function FormSection({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** A button beside the title. */
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {description}
            </Typography>
          )}
        </Box>
        {action}
      </Box>
      <Stack spacing={2.5} sx={{ mt: 2.5 }}>
        {children}
      </Stack>
    </Paper>
  );
}
