import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import { APPLICANT_PAGE_SIZES, type TApplicationStatus } from '@hirecast/domain/applicants';
import type { TApplicant } from '@hirecast/domain/application';
import type { TRole } from '@hirecast/domain/constants';
import { applicantName, cardDate, posterUrl } from './applicant-display.ts';
import { InterviewValue } from './interview-value.tsx';
import { RatingValue } from './rating-value.tsx';
import { StatusMenu } from './status-badge.tsx';

function GridLayout({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))',
      }}
    >
      {children}
    </Box>
  );
}

const initials = (a: TApplicant) =>
  `${a._profile.personalInfo.firstName.charAt(0)}${a._profile.personalInfo.lastName.charAt(0)}`.toUpperCase();

function Poster({ applicant }: { applicant: TApplicant }) {
  const src = posterUrl(applicant);
  return (
    <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: '#E6EAE7', overflow: 'hidden' }}>
      {src ? (
        <>
          <Box
            component="img"
            src={src}
            alt=""
            loading="lazy"
            sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
          <Box
            aria-hidden="true"
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              color: '#fff',
              '& svg': { fontSize: 44, filter: 'drop-shadow(0 1px 4px rgba(0,0,0,.45))' },
            }}
          >
            <PlayArrowRoundedIcon />
          </Box>
        </>
      ) : (
        <Box
          aria-hidden="true"
          sx={{
            height: '100%',
            display: 'grid',
            placeItems: 'center',
            fontSize: '2rem',
            fontWeight: 700,
            color: 'primary.main',
            letterSpacing: '0.04em',
          }}
        >
          {initials(applicant)}
        </Box>
      )}
    </Box>
  );
}

// spec 2 §2 grid view: a card per applicant with the video poster, dates as D MMMM YYYY.
export function ApplicantsGrid({
  linkFor,
  applicants,
  role,
  onPickStatus,
  inviteFor,
}: {
  /** The applicant page of the applicant at `index` on this page. */
  linkFor: (applicant: TApplicant, index: number) => string;
  applicants: TApplicant[];
  role: TRole;
  onPickStatus: (applicant: TApplicant, status: TApplicationStatus) => void;
  /** Issue 25: the card's "Invite to interview", for the applicants who can be invited. */
  inviteFor: (applicant: TApplicant) => (() => void) | undefined;
}) {
  return (
    <GridLayout label="Applicants">
      {applicants.map((a, index) => {
        const name = applicantName(a);
        const onInvite = inviteFor(a);
        return (
          <Box component="li" key={a._id}>
            <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardActionArea component={RouterLink} to={linkFor(a, index)}>
                <Poster applicant={a} />
                <Box sx={{ px: 2, pt: 1.5 }}>
                  <Typography component="h2" sx={{ fontWeight: 650, fontSize: '1rem' }} noWrap title={name}>
                    {name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap title={a._profile._user.email}>
                    {a._profile._user.email}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                    Applied <time dateTime={a.sentAt}>{cardDate(a.sentAt)}</time>
                  </Typography>
                </Box>
              </CardActionArea>
              {(a.interview || onInvite) && (
                <Box sx={{ px: 2, pt: 1 }}>
                  <InterviewValue applicant={a} name={name} onInvite={onInvite} />
                </Box>
              )}
              <Box
                sx={{
                  px: 2,
                  pt: 1,
                  pb: 1.5,
                  mt: 'auto',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 1,
                }}
              >
                <StatusMenu
                  status={a.status}
                  role={role}
                  applicantName={name}
                  onPick={(status) => onPickStatus(a, status)}
                />
                <Box sx={{ ml: 'auto' }}>
                  <RatingValue applicant={a} />
                </Box>
              </Box>
            </Card>
          </Box>
        );
      })}
    </GridLayout>
  );
}

export function ApplicantsGridSkeleton() {
  return (
    <Box aria-busy="true">
      <GridLayout label="Loading applicants">
        {Array.from({ length: APPLICANT_PAGE_SIZES.grid }, (_, i) => (
          <Box component="li" key={i}>
            <Card variant="outlined">
              <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
              <Box sx={{ p: 2 }}>
                <Skeleton width="60%" />
                <Skeleton width="80%" />
                <Skeleton width="40%" />
              </Box>
            </Card>
          </Box>
        ))}
      </GridLayout>
    </Box>
  );
}
