import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { TPageType } from '@hirecast/domain/company-page-rules';

// spec 3 §2: the stories lie in a masonry grid (columns that fill top to bottom, each card as tall as it is);
// the other tabs are one column of cards.
export function BlockList({
  pageType,
  label,
  children,
}: {
  pageType: TPageType;
  label: string;
  children: ReactNode;
}) {
  if (pageType === 'STORIES')
    return (
      <Box
        role="region"
        aria-label={label}
        sx={{
          columnCount: { xs: 1, sm: 2 },
          columnGap: 3,
          '& > *': { breakInside: 'avoid', mb: 3 },
        }}
      >
        {children}
      </Box>
    );
  return (
    <Box role="region" aria-label={label} sx={{ display: 'grid', gap: 3 }}>
      {children}
    </Box>
  );
}
