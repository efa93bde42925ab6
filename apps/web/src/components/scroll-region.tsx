import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';

export const SCROLL_HINT = 'Scroll sideways to see every column.';

/**
 * Issue 33 item 10: the cue that a region scrolls sideways. Shadows on the edges that have more to show (the
 * paper-coloured covers scroll with the content, the shadows stay: a cover hides its shadow once that end is
 * reached), for any table wider than its region.
 */
const scrollShadows = (theme: Theme) => {
  const paper = theme.palette.background.paper;
  const shade = 'rgba(0, 0, 0, 0.22)';
  return {
    backgroundColor: paper,
    backgroundImage: [
      `linear-gradient(to right, ${paper} 30%, ${alpha(paper, 0)})`,
      `linear-gradient(to left, ${paper} 30%, ${alpha(paper, 0)})`,
      `radial-gradient(farthest-side at 0 50%, ${shade}, rgba(0, 0, 0, 0))`,
      `radial-gradient(farthest-side at 100% 50%, ${shade}, rgba(0, 0, 0, 0))`,
    ].join(', '),
    backgroundPosition: 'left center, right center, left center, right center',
    backgroundRepeat: 'no-repeat',
    backgroundSize: '48px 100%, 48px 100%, 16px 100%, 16px 100%',
    backgroundAttachment: 'local, local, scroll, scroll',
  };
};

/** Whether the element's content is wider than the element, followed as either changes size. */
function useOverflowsX() {
  const [overflows, setOverflows] = useState(false);
  const observer = useRef<ResizeObserver | null>(null);
  const measure = useCallback((el: HTMLElement) => setOverflows(el.scrollWidth > el.clientWidth + 1), []);
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el) return;
      measure(el);
      if (typeof ResizeObserver === 'undefined') return;
      observer.current = new ResizeObserver(() => measure(el));
      observer.current.observe(el);
      if (el.firstElementChild) observer.current.observe(el.firstElementChild);
    },
    [measure],
  );
  useEffect(() => () => observer.current?.disconnect(), []);
  return { ref, overflows };
}

/**
 * A table wider than a phone scrolls sideways inside this region (issue 27 item 5, WCAG 2.1.1): it takes the
 * keyboard focus (tabindex=0), so arrow keys scroll it, and its name says what it holds. Issue 33 item 10: when it
 * is wider than the screen, the region says so (a line above it, which the region is described by) and shows
 * shadows on the sides that have more. `outlined`: in an outlined Paper, as the lists' tables are.
 */
export function ScrollRegion({
  label,
  sx,
  outlined = false,
  children,
}: {
  label: string;
  sx?: SxProps<Theme>;
  outlined?: boolean;
  children: ReactNode;
}) {
  const { ref, overflows } = useOverflowsX();
  const hintId = useId();
  return (
    <>
      {overflows && (
        <Typography id={hintId} variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {SCROLL_HINT} <span aria-hidden="true">→</span>
        </Typography>
      )}
      <TableContainer
        ref={ref}
        role="region"
        aria-label={label}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={0}
        {...(outlined && { component: Paper, variant: 'outlined' as const })}
        sx={[
          (theme) => ({
            overflowX: 'auto',
            ...scrollShadows(theme),
            '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: -3 },
          }),
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {children}
      </TableContainer>
    </>
  );
}
