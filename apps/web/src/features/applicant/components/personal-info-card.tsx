import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TApplicant } from '@hirecast/domain/application';
import { markLabel } from './mark-label.ts';
import { StatusBadge } from './status-badge.tsx';

// A candidate's link is shown only when it is a web address (never a javascript: or data: URL).
const isWebAddress = (value: string) => /^https?:\/\/\S+$/i.test(value.trim());
const linkText = (value: string) => value.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: '96px minmax(0, 1fr)', gap: 1.5, alignItems: 'baseline' }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function RatingValue({ applicant }: { applicant: TApplicant }) {
  if (applicant.markAvg !== null)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
        <Rating value={applicant.markAvg} precision={0.5} readOnly size="small" aria-hidden="true" />
        <span>
          {applicant.markAvg.toFixed(1)} · {markLabel(applicant.markAvg)}
        </span>
      </Stack>
    );
  if (applicant.aiFitScore !== null) return <>AI fit score {applicant.aiFitScore.toFixed(1)} of 5</>;
  return (
    <Box component="span" sx={{ color: 'text.secondary' }}>
      Not rated yet
    </Box>
  );
}

/** spec 2 §2 personal info card: who they are, how to reach them, when they applied, where they stand. */
export function PersonalInfoCard({ applicant, name }: { applicant: TApplicant; name: string }) {
  const info = applicant._profile.personalInfo;
  const email = applicant._profile._user.email;
  const social = info.socialNetworkLink?.trim();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="applicant-info"
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id="applicant-info" variant="h5" component="h2" sx={{ mb: 0.25 }}>
        {name}
      </Typography>
      {info.position && <Typography color="text.secondary">{info.position}</Typography>}
      <Stack component="dl" spacing={1.25} sx={{ m: 0, mt: 2 }}>
        <Row label="Status">
          <StatusBadge status={applicant.status} />
        </Row>
        <Row label="Rating">
          <RatingValue applicant={applicant} />
        </Row>
        <Row label="Applied">
          <time dateTime={applicant.sentAt}>{dayjs(applicant.sentAt).format('D MMMM YYYY')}</time>
        </Row>
        {info.location && <Row label="Location">{info.location}</Row>}
        <Row label="Email">
          <Link href={`mailto:${email}`}>{email}</Link>
        </Row>
        {social && isWebAddress(social) && (
          <Row label="Profile">
            <Link href={social} target="_blank" rel="noopener noreferrer">
              {linkText(social)}
            </Link>
          </Row>
        )}
      </Stack>
    </Paper>
  );
}
