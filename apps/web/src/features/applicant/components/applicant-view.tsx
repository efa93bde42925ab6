import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { TApplicant } from '@hirecast/domain/application';
import {
  applicantMessages,
  canChangeStatus,
  isFinalForEmployer,
  pageActions,
} from '@hirecast/domain/applicants';
import type { TManager } from '@hirecast/domain/auth';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import type { TJob } from '@hirecast/domain/job';
import { useApplicationPrivacy } from '../api/application-privacy.ts';
import { ApplicantActions, PageActionButtons, type TDialog } from './applicant-actions.tsx';
import { ApplicantDialogs } from './applicant-dialogs.tsx';
import { ApplicantNav } from './applicant-nav.tsx';
import { listLink, shareLink } from './applicant-params.ts';
import { CareerAccordions } from './career-accordions.tsx';
import { FitScoreCard } from './fit-score-card.tsx';
import { copyApplicantLink } from './copy-link.ts';
import { CvViewer } from './cv-viewer.tsx';
import { InterviewSection } from './interview-section.tsx';
import { IntroVideo } from './intro-video.tsx';
import { candidateName, jobTitle } from './letter-draft.ts';
import { PersonalInfoCard } from './personal-info-card.tsx';
import { PrivacyCard } from './privacy-card.tsx';
import { StatusBadge } from './status-badge.tsx';
import { usePhone } from './use-phone.ts';

const TITLE_MAX = 50; // spec 2 §9: job names are truncated after 50 characters

function BackLink({ to, title }: { to: string; title: string }) {
  const long = title.length > TITLE_MAX;
  const link = (
    <Link
      component={RouterLink}
      to={to}
      color="text.secondary"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600, minWidth: 0 }}
    >
      <ArrowBackIcon fontSize="small" />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {long ? `${title.slice(0, TITLE_MAX)}…` : title}
      </Box>
    </Link>
  );
  return long ? <Tooltip title={title}>{link}</Tooltip> : link;
}

/** spec 2 §6 numeric roles: 0 viewer, 1 job manager, 2 admin. */
const roleOf = (me: TManager) => (me.role ?? ROLES.viewer) as TRole;

/** spec 2 §2 Single applicant page. */
export function ApplicantView({ job, applicant, me }: { job: TJob; applicant: TApplicant; me: TManager }) {
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<TDialog | null>(null);
  const phone = usePhone();
  const role = roleOf(me);
  const name = candidateName(applicant);
  const back = listLink(job._id, params);
  const actions = pageActions(applicant.status, role);
  const canAct = role >= ROLES.jobManager;
  // A candidate who withdrew gets no email from the team (their withdrawal is final).
  const withdrawn = isFinalForEmployer(applicant.status);
  const canEmail = canAct && !withdrawn;
  const copyLink = () => void copyApplicantLink(shareLink(window.location.origin, job._id, applicant._id));
  const info = applicant._profile.personalInfo;
  const customQuestion = applicant._profile.customQuestion?.trim();

  // An applicant who answers a one-way interview instead (issue 25) gets no empty introduction card.
  const showIntro = Boolean(applicant._profile._introduction) || !applicant.interview;
  // Issue 33 item 10: an anonymised application's files were removed by the retention rule, not never sent.
  const removedAt = useApplicationPrivacy(applicant._id).data?.anonymisedAt ?? null;
  return (
    <Box sx={{ pb: phone && actions.length > 0 ? 10 : 0 }}>
      <title>{`${name} · ${jobTitle(job)} · Hirecast`}</title>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: { xs: 2, sm: 3 } }}
      >
        <BackLink to={back} title={jobTitle(job)} />
        <ApplicantNav jobId={job._id} applicantId={applicant._id} params={params} />
      </Stack>

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'flex-start', md: 'center' }, justifyContent: 'space-between', mb: 3 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography
              variant="h1"
              sx={{ fontSize: { xs: '1.625rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
            >
              {name}
            </Typography>
            <StatusBadge status={applicant.status} />
          </Stack>
          {(info.position || info.location) && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {[info.position, info.location].filter(Boolean).join(' · ')}
            </Typography>
          )}
          {withdrawn && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {applicantMessages.withdrawnByCandidate}
            </Typography>
          )}
        </Box>
        <ApplicantActions
          actions={actions}
          canAct={canAct}
          canEmail={canEmail}
          canShortlist={canChangeStatus(applicant.status, 'shortlisted', role)}
          firstName={info.firstName}
          noteCount={applicant.noteCount}
          compact={phone}
          onOpen={setDialog}
          onCopyLink={copyLink}
        />
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(280px, 1fr)' },
          gridTemplateAreas: showIntro
            ? { xs: '"video" "info" "rest"', md: '"video info" "rest info"' }
            : { xs: '"info" "rest"', md: '"rest info"' },
          alignItems: 'start',
        }}
      >
        {showIntro && (
          <Box sx={{ gridArea: 'video' }}>
            <IntroVideo applicant={applicant} name={name} removedAt={removedAt} />
          </Box>
        )}
        <Box sx={{ gridArea: 'info', position: { md: 'sticky' }, top: { md: 88 } }}>
          <PersonalInfoCard applicant={applicant} name={name} />
        </Box>
        <Stack spacing={{ xs: 2, md: 3 }} sx={{ gridArea: 'rest', minWidth: 0 }}>
          {customQuestion && (
            <Paper
              component="section"
              variant="outlined"
              aria-labelledby="applicant-answer"
              sx={{ p: { xs: 2, sm: 2.5 } }}
            >
              <Typography variant="overline" color="text.secondary" component="p">
                {job.customQuestion?.trim() || 'Custom question'}
              </Typography>
              <Typography id="applicant-answer" variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {customQuestion}
              </Typography>
            </Paper>
          )}
          <InterviewSection
            applicationRef={{ jobId: job._id, id: applicant._id }}
            canManage={canAct}
            withdrawn={withdrawn}
          />
          <FitScoreCard applicant={applicant} />
          <CvViewer applicant={applicant} name={name} removedAt={removedAt} />
          <CareerAccordions profile={applicant._profile} />
          <PrivacyCard applicationId={applicant._id} isAdmin={role === ROLES.admin} listLink={back} />
        </Stack>
      </Box>

      {/* spec 2 §2: on a phone the actions sit in a bar at the bottom. */}
      {phone && actions.length > 0 && (
        <Paper
          component="nav"
          aria-label="Applicant actions"
          square
          sx={{
            position: 'fixed',
            left: 0,
            right: 0,
            bottom: 0,
            zIndex: (theme) => theme.zIndex.appBar,
            borderTop: 1,
            borderColor: 'divider',
            px: 2,
            py: 1.5,
            pb: 'calc(12px + env(safe-area-inset-bottom))',
            display: 'flex',
            gap: 1.5,
          }}
        >
          <PageActionButtons actions={actions} onOpen={setDialog} fullWidth />
        </Paper>
      )}

      <ApplicantDialogs
        dialog={dialog}
        applicant={applicant}
        job={job}
        me={me}
        canEmail={canEmail}
        name={name}
        listLink={back}
        onClose={() => setDialog(null)}
      />
    </Box>
  );
}
