import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

// A centred illustration + heading + text + actions block: not-found, coming-soon, errors, empty states.
export function MessagePanel(props: {
  illustration?: ReactNode;
  eyebrow?: ReactNode;
  title: string;
  titleComponent?: 'h1' | 'h2';
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack
      spacing={2}
      sx={{
        alignItems: 'center',
        textAlign: 'center',
        maxWidth: 560,
        mx: 'auto',
        py: { xs: 4, md: 8 },
        px: 2,
      }}
    >
      {props.illustration && <Box sx={{ mb: 1 }}>{props.illustration}</Box>}
      {props.eyebrow}
      <Typography
        variant="h2"
        component={props.titleComponent ?? 'h1'}
        sx={{ fontSize: { xs: '1.5rem', sm: '1.875rem' } }}
      >
        {props.title}
      </Typography>
      {props.children && (
        <Typography component="div" color="text.secondary" sx={{ fontSize: '1rem' }}>
          {props.children}
        </Typography>
      )}
      {props.actions && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}
        >
          {props.actions}
        </Stack>
      )}
    </Stack>
  );
}
