import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { decidePublish } from '@hirecast/domain/publish';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCompanyPlan } from '../../../../lib/billing.ts';
import { useCompany } from '../../../../lib/company.ts';
import { useMe } from '../../../../lib/me.ts';
import { useUpdateJobStatus, type TAcknowledged } from '../../api/update-job-status.ts';
import { useUpdateMeRedirected } from '../../api/update-me-redirected.ts';
import { FirstJobDialog, LimitDialog, RedirectUrlDialog } from './publish-dialogs.tsx';

type TDialog = null | 'limit' | 'first-job' | 'redirect-url';
type TToggleJob = Pick<TJob, '_id' | 'title' | 'status' | 'isFirstJob' | 'customApplicationURL'>;

/** The toast of a Live switch: the job is live (candidates can apply), or no longer. */
export const liveToast = (title: string, status: TJob['status']) =>
  status === 'open'
    ? `“${title}” is live: candidates can apply.`
    : `“${title}” is no longer live: candidates cannot apply.`;

// spec 1 §4 Job status: the Live switch. decidePublish (the rule the server applies too) picks what happens.
export function LiveToggle({ job, size = 'medium' }: { job: TToggleJob; size?: 'small' | 'medium' }) {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { data: company } = useCompany(me?._company ?? null);
  const plan = useCompanyPlan();
  const status = useUpdateJobStatus();
  const markRedirected = useUpdateMeRedirected();
  const [dialog, setDialog] = useState<TDialog>(null);
  const [acknowledged, setAcknowledged] = useState<TAcknowledged>({});
  const [limitOnFreePlan, setLimitOnFreePlan] = useState(false);

  const role: TRole = (me?.role ?? ROLES.viewer) as TRole;
  const isViewer = role === ROLES.viewer;
  const checked = job.status === 'open';
  const label = 'Live';
  const editPath = `/jobs/${job._id}/edit`;

  const send = (nextStatus: TJob['status'], ack: TAcknowledged) =>
    status.mutate(
      { id: job._id, status: nextStatus, acknowledged: Object.keys(ack).length ? ack : undefined },
      {
        // Every publish and unpublish says so, the first job's as any other's.
        onSuccess: () => toast.success(liveToast(job.title, nextStatus)),
        onError: (err) => {
          // The server applies the same rule; if its view differs from ours (another tab), show its outcome.
          if (err instanceof ApiError && err.message === jobMessages.confirmEmailToPublish) {
            toast.warning(jobMessages.confirmEmailToPublish);
          } else if (err instanceof ApiError && err.message === jobMessages.activeJobLimit) {
            setLimitOnFreePlan(false);
            setDialog('limit');
          } else if (err instanceof ApiError && err.message === jobMessages.freePlanLimit) {
            setLimitOnFreePlan(true);
            setDialog('limit');
          } else toast.error(jobMessages.statusFailure);
        },
      },
    );

  // Runs the rule with what the person has answered so far, and either sends or opens the next dialog.
  const attempt = (ack: TAcknowledged) => {
    if (!me || !plan) return;
    const outcome = decidePublish({
      job: { status: job.status, isFirstJob: job.isFirstJob, customApplicationURL: job.customApplicationURL },
      company: { isRedirectJobs: company?.isRedirectJobs ?? false, activeJobs: company?.activeJobs ?? 0 },
      user: { needVerification: me.needVerification, isUserWasRedirected: me.isUserWasRedirected },
      role,
      plan,
      acknowledged: ack,
    });
    setAcknowledged(ack);
    switch (outcome.kind) {
      case 'viewer-forbidden':
        return toast.error(jobMessages.viewerCannotPublish);
      case 'confirm-email':
        return toast.warning(jobMessages.confirmEmailToPublish);
      case 'limit-reached':
        setLimitOnFreePlan(outcome.freePlan);
        return setDialog('limit');
      case 'first-job-prompt':
        return setDialog('first-job');
      case 'redirect-url-prompt':
        return setDialog('redirect-url');
      case 'toggle':
        setDialog(null);
        return send(outcome.nextStatus, ack);
    }
  };

  const switchControl = (
    <Switch
      checked={checked}
      size={size}
      disabled={isViewer || !me || !plan}
      onChange={() => attempt({})}
      slotProps={{ input: { 'aria-label': `Live: ${job.title}` } }}
    />
  );

  return (
    <>
      {isViewer ? (
        <Tooltip title={jobMessages.viewerCannotPublish}>
          {/* A disabled input fires no events: the span carries the tooltip. */}
          <span tabIndex={0} data-testid="live-toggle-viewer">
            <FormControlLabel control={switchControl} label={label} sx={{ mr: 0 }} />
          </span>
        </Tooltip>
      ) : (
        <FormControlLabel control={switchControl} label={label} sx={{ mr: 0 }} />
      )}

      <LimitDialog open={dialog === 'limit'} freePlan={limitOnFreePlan} onClose={() => setDialog(null)} />
      <FirstJobDialog
        open={dialog === 'first-job'}
        busy={markRedirected.isPending}
        onClose={() => setDialog(null)}
        onCancel={() => {
          // spec 1 §4: 'Cancel' publishes anyway and marks the user as redirected.
          markRedirected.mutate();
          attempt({ ...acknowledged, firstJob: true });
        }}
        onEditDetails={() => {
          markRedirected.mutate();
          setDialog(null);
          void navigate(editPath, { state: { redirectedFirstJob: true } });
        }}
      />
      <RedirectUrlDialog
        open={dialog === 'redirect-url'}
        onClose={() => setDialog(null)}
        onPublish={() => attempt({ ...acknowledged, redirectUrl: true })}
        onEdit={() => {
          setDialog(null);
          void navigate(editPath);
        }}
      />
    </>
  );
}
