import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A table wider than a phone scrolls sideways inside this region (issue 27 item 5, WCAG 2.1.1): it takes the
 * keyboard focus (tabindex=0), so arrow keys scroll it, and its name says what it holds.
 */
export function ScrollRegion({
  label,
  sx,
  children,
}: {
  label: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <TableContainer
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={[
        {
          overflowX: 'auto',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: -3 },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </TableContainer>
  );
}
