import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';

// spec 1 §9 Card grid: 1, 2 or 3 columns by width, rows 298 px high. One column up to 900 px (§9 narrow).
export const CARD_ROW_HEIGHT = 298;

export function JobsGridLayout({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: 'minmax(0, 1fr)',
        gridAutoRows: `${CARD_ROW_HEIGHT}px`,
        // Disjoint ranges, so the result does not depend on the order the rules are emitted in.
        '@media (min-width:901px) and (max-width:1199.98px)': {
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
        },
        '@media (min-width:1200px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

export function JobsGridSkeleton() {
  return (
    <Box role="status" aria-label="Loading jobs">
      <JobsGridLayout label="Loading jobs">
        {[0, 1, 2, 3, 4, 5].map((i) => (
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
            <Skeleton variant="rectangular" height={100} />
            <Box sx={{ p: 2 }}>
              <Skeleton width="70%" height={28} />
              <Skeleton width="45%" />
              <Skeleton width="55%" />
              <Skeleton variant="rounded" height={28} sx={{ mt: 3 }} />
            </Box>
          </Box>
        ))}
      </JobsGridLayout>
    </Box>
  );
}
