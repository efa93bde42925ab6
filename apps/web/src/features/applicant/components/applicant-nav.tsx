import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useApplicantNeighbours, type TNeighbour } from '../api/get-applicant-neighbours.ts';
import { neighbourLink, readIndexHint, readListFilter } from './applicant-params.ts';
import { usePhone } from './use-phone.ts';

// Keys typed into these keep their own meaning (a text caret, a video's seek, a menu's or a rating's choice).
const OWN_ARROWS =
  'input, textarea, select, video, audio, object, [contenteditable="true"], [role="slider"], [role="radio"], ' +
  '[role="menuitem"], [role="tab"]';

function Arrow({
  direction,
  to,
  compact,
}: {
  direction: 'previous' | 'next';
  to: string | null;
  compact: boolean;
}) {
  const label = direction === 'previous' ? 'Previous applicant' : 'Next applicant';
  const icon = direction === 'previous' ? <ChevronLeftIcon /> : <ChevronRightIcon />;
  const link = to ? { component: RouterLink, to } : { disabled: true };
  if (compact)
    return (
      <IconButton aria-label={label} {...link}>
        {icon}
      </IconButton>
    );
  return (
    <Tooltip title={to ? `${label} (${direction === 'previous' ? '←' : '→'} key)` : ''}>
      <span>
        <Button
          variant="outlined"
          color="inherit"
          size="small"
          aria-label={label}
          startIcon={direction === 'previous' ? icon : undefined}
          endIcon={direction === 'next' ? icon : undefined}
          sx={{ borderColor: 'divider' }}
          {...link}
        >
          {direction === 'previous' ? 'Previous' : 'Next'}
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * spec 2 §2: previous/next arrows through the list this page was opened from (its filters are in the URL).
 * Compact icons at 600 px and under (the arrow breakpoint of §9). The ← and → keys do the same.
 */
export function ApplicantNav({
  jobId,
  applicantId,
  params,
}: {
  jobId: string;
  applicantId: string;
  params: URLSearchParams;
}) {
  const compact = usePhone();
  const navigate = useNavigate();
  const neighbours = useApplicantNeighbours(
    { jobId, applicantId, filter: readListFilter(params), hint: readIndexHint(params) },
    true,
  );
  const link = (n: TNeighbour | null | undefined) => (n ? neighbourLink(jobId, params, n) : null);
  const previous = link(neighbours.data?.previous);
  const next = link(neighbours.data?.next);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest(OWN_ARROWS)) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      const to = event.key === 'ArrowLeft' ? previous : event.key === 'ArrowRight' ? next : null;
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, navigate]);

  const data = neighbours.data;
  return (
    <Stack component="nav" aria-label="Applicants" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Arrow direction="previous" to={previous} compact={compact} />
      {data && data.index !== null && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ whiteSpace: 'nowrap', minWidth: 48, textAlign: 'center' }}
        >
          {data.index + 1} of {data.count}
        </Typography>
      )}
      <Arrow direction="next" to={next} compact={compact} />
    </Stack>
  );
}
