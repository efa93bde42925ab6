import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GroupAddOutlinedIcon from '@mui/icons-material/GroupAddOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import ShortcutOutlinedIcon from '@mui/icons-material/ShortcutOutlined';
import { applicantMessages } from '@hirecast/domain/applicants';
import type { TJob } from '@hirecast/domain/job';
import { ErrorIllustration } from '../../../components/illustrations.tsx';
import { MessagePanel } from '../../../components/message-panel.tsx';

function IconBubble({ children }: { children: ReactNode }) {
  return (
    <Box
      aria-hidden="true"
      sx={{
        width: 72,
        height: 72,
        borderRadius: '50%',
        bgcolor: '#E6EAE7',
        color: 'primary.main',
        display: 'grid',
        placeItems: 'center',
        '& svg': { fontSize: 36 },
      }}
    >
      {children}
    </Box>
  );
}

// spec 2 §2: on error, "This job doesn't exist or you don't have access" with a "Go back" button.
export function JobUnavailable() {
  const navigate = useNavigate();
  // With no page to go back to (a link opened in a new tab), 'Go back' goes to the jobs.
  const goBack = () => void (window.history.length > 1 ? navigate(-1) : navigate('/jobs'));
  return (
    <MessagePanel
      illustration={<ErrorIllustration />}
      title={applicantMessages.jobUnavailable}
      actions={
        <Button variant="contained" size="large" onClick={goBack}>
          Go back
        </Button>
      }
    />
  );
}

// spec 2 §8: the applicants could not be loaded (the job could).
export function ApplicantsLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <MessagePanel
      illustration={<ErrorIllustration />}
      title={applicantMessages.gridFailed}
      titleComponent="h2"
      actions={
        <Button variant="contained" onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}

// spec 2 §2 empty state (a): nothing matches the search or filter.
export function NoMatchingApplicants({ onReset }: { onReset: () => void }) {
  return (
    <MessagePanel
      illustration={
        <IconBubble>
          <SearchOffOutlinedIcon />
        </IconBubble>
      }
      title={applicantMessages.emptyQueryTitle}
      titleComponent="h2"
      actions={
        <Button variant="outlined" onClick={onReset}>
          Reset filters
        </Button>
      }
    >
      {applicantMessages.emptyQueryText}
    </MessagePanel>
  );
}

// spec 2 §2 empty state (b): the job sends candidates to the company's own application page.
export function RedirectedJobEmpty({ job }: { job: TJob }) {
  return (
    <MessagePanel
      illustration={
        <IconBubble>
          <ShortcutOutlinedIcon />
        </IconBubble>
      }
      title="Applications for this job happen elsewhere"
      titleComponent="h2"
      actions={
        <Button component={RouterLink} to="/jobs" variant="contained">
          Go to Jobs
        </Button>
      }
    >
      This job sends candidates to{' '}
      {job.customApplicationURL ? <strong>{job.customApplicationURL}</strong> : 'your own application page'}{' '}
      to apply, so their applications are not collected in Hirecast.
    </MessagePanel>
  );
}

// spec 2 §2 empty state (c): no applicants yet; how to get some.
export function NoApplicantsYet({ job }: { job: TJob }) {
  const live = job.status === 'open';
  return (
    <MessagePanel
      illustration={
        <IconBubble>
          <GroupAddOutlinedIcon />
        </IconBubble>
      }
      title="No applicants yet"
      titleComponent="h2"
      actions={
        <>
          <Button component={RouterLink} to="/jobs" variant="contained">
            Go to Jobs
          </Button>
          <Button
            component="a"
            href={`/preview/${encodeURIComponent(job._id)}`}
            target="_blank"
            rel="noopener"
            variant="outlined"
            endIcon={<OpenInNewIcon />}
          >
            Preview listing
          </Button>
        </>
      }
    >
      {live
        ? 'Applications will appear here as soon as candidates apply. Share the job from its card on the Jobs page to reach more people.'
        : 'This job is not live yet. Publish it from the Jobs page, then share it: applications will appear here as candidates apply.'}
    </MessagePanel>
  );
}
