import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled block of the applicant page. */
export function SectionCard({
  title,
  action,
  children,
  labelId,
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  labelId: string;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={labelId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, minHeight: 32 }}
      >
        <Typography id={labelId} variant="h5" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
