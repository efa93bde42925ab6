import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

// 1 column on phones, 2 up to 900 px, 3 to 1200 px, then 4.
const columns = {
  display: 'grid',
  gap: 2.5,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media (min-width:600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  '@media (min-width:901px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  '@media (min-width:1200px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
} as const;

export function AssetGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={label} sx={columns}>
      {children}
    </Box>
  );
}

export function AssetGridSkeleton({ label }: { label: string }) {
  return (
    <Box role="status" aria-label={label} sx={columns}>
      {Array.from({ length: 8 }, (_, i) => (
        <Box
          key={i}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            overflow: 'hidden',
            bgcolor: 'background.paper',
          }}
        >
          <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Box sx={{ p: 1.5 }}>
            <Skeleton width="70%" height={26} />
            <Skeleton width="45%" />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
