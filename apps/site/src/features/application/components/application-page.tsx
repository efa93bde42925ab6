import type { TApplicationStatus, TCandidateApplication } from '@hirecast/domain/application';
import { useEffect, useRef, useState } from 'react';
import { SiteLayout } from '../../../components/site-layout.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { applyMessages } from '@hirecast/domain/apply-messages';
import { privacyMessages } from '@hirecast/domain/privacy';
import { formatDate } from '../../../lib/format.ts';
import { useRescueFocus } from '../../../lib/use-rescue-focus.ts';
import { deleteApplication } from '../api/delete-application.ts';
import { exportMyData } from '../api/export-my-data.ts';
import { withdrawApplication } from '../api/withdraw-application.ts';

// spec 2 §4 statuses, in the candidate's words.
const STATUS_TEXT: Record<TApplicationStatus, string> = {
  new: 'Received',
  shortlisted: 'Shortlisted',
  interviewing: 'Interviewing',
  hired: 'Hired',
  rejected: 'Not selected',
  withdrawn: 'Withdrawn',
};

type TConfirm = 'withdraw' | 'delete' | null;

/** The candidate's private link: the application, and the ways to withdraw it or delete their data. */
export function ApplicationPage({
  token,
  application,
}: {
  token: string;
  application: TCandidateApplication;
}) {
  const [status, setStatus] = useState(application.status);
  const [confirm, setConfirm] = useState<TConfirm>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  // Issue 33: a "Delete my data" that a legal hold keeps (asked now, or on an earlier visit).
  const [heldSince, setHeldSince] = useState(application.erasureRequestedAt);
  const heldNotice = useRef<HTMLHeadingElement>(null);
  const confirmTitle = useRef<HTMLHeadingElement>(null);
  const result = useRef<HTMLHeadingElement>(null);
  // Closing the confirmation removes its focused button: continue from the page's own actions.
  const deleteButton = useRef<HTMLButtonElement>(null);
  useRescueFocus(deleteButton, confirm);

  useEffect(() => {
    if (confirm) confirmTitle.current?.focus();
  }, [confirm]);
  useEffect(() => {
    if (deleted) result.current?.focus();
  }, [deleted]);
  const [heldJustNow, setHeldJustNow] = useState(false);
  useEffect(() => {
    if (heldJustNow) heldNotice.current?.focus();
  }, [heldJustNow]);

  // Issue 26: "Download my data" asks for a ZIP of everything held; its link comes by email.
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const asked = await exportMyData(token);
      setNotice(asked.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: 'withdraw' | 'delete') => {
    setBusy(true);
    setError(null);
    try {
      if (action === 'withdraw') {
        const updated = await withdrawApplication(token);
        setStatus(updated?.status ?? 'withdrawn');
        setNotice(applyMessages.withdrawn);
      } else {
        const held = await deleteApplication(token);
        if (held) {
          setHeldSince(held.requestedAt);
          setHeldJustNow(true);
        } else setDeleted(true);
      }
      setConfirm(null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const job = application.job;
  const branding = { name: job.companyName, logo: job.companyLogo };
  // Issue 33: nothing to withdraw once withdrawn, or once the company has not selected the candidate.
  const canWithdraw = status !== 'withdrawn' && status !== 'rejected';
  if (deleted)
    return (
      <SiteLayout branding={branding}>
        <section className="card narrow message-card" aria-labelledby="deleted-title">
          <h1 id="deleted-title" ref={result} tabIndex={-1}>
            {applyMessages.deleted}
          </h1>
          <p>
            Your application for {job.title} at {job.companyName}, with its CV and video, has been removed.
            This link no longer works.
          </p>
        </section>
      </SiteLayout>
    );

  return (
    <SiteLayout branding={branding}>
      <section className="card narrow" aria-labelledby="application-title">
        <p className="eyebrow">Your application</p>
        <h1 id="application-title">{job.title}</h1>
        <dl className="review">
          <div className="review-row">
            <dt>Company</dt>
            <dd>{job.companyName}</dd>
          </div>
          <div className="review-row">
            <dt>Sent</dt>
            <dd>{formatDate(application.sentAt)}</dd>
          </div>
          <div className="review-row">
            <dt>Status</dt>
            <dd>
              <span className={`status status-${status}`}>{STATUS_TEXT[status]}</span>
            </dd>
          </div>
          <div className="review-row">
            <dt>Sent by</dt>
            <dd>
              {application.firstName} {application.lastName} ({application.email})
            </dd>
          </div>
          <div className="review-row">
            <dt>Included</dt>
            <dd>
              {[application.hasCv && 'CV', application.hasVideo && 'Video introduction']
                .filter(Boolean)
                .join(', ') || 'Your details'}
            </dd>
          </div>
        </dl>
        {job.url && (
          <p>
            <a href={job.url}>See the job</a>
          </p>
        )}
        {heldSince && (
          <div className="held-notice" role="status" aria-labelledby="held-title">
            <h2 id="held-title" ref={heldNotice} tabIndex={-1}>
              {privacyMessages.erasureHeldTitle}
            </h2>
            <p>
              You asked to delete your data on {formatDate(heldSince)}.{' '}
              {privacyMessages.erasureHeld(job.companyName)}
            </p>
          </div>
        )}
        <p className="notice" role="status">
          {notice}
        </p>
        <div className="form-error" role="alert" hidden={!error}>
          {error}
        </div>
        {confirm ? (
          <div className="confirm-box" role="group" aria-labelledby="confirm-title">
            <h2 id="confirm-title" ref={confirmTitle} tabIndex={-1}>
              {confirm === 'withdraw' ? 'Withdraw your application?' : 'Delete your data?'}
            </h2>
            <p>
              {confirm === 'withdraw'
                ? `${job.companyName} will see that you withdrew. You cannot undo this.`
                : `Your application, CV and video will be deleted for good, and ${job.companyName} will no longer see them. You cannot undo this.`}
            </p>
            <div className="form-actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setConfirm(null)}
                disabled={busy}
              >
                Keep it
              </button>
              <button
                type="button"
                className="button button-danger"
                onClick={() => void act(confirm)}
                disabled={busy}
              >
                {confirm === 'withdraw' ? 'Yes, withdraw' : 'Yes, delete my data'}
              </button>
            </div>
          </div>
        ) : (
          <div className="form-actions form-actions-start">
            {canWithdraw && (
              // Issue 23 item 8: a plain form that withdraws before the scripts load (the server answers with
              // this page again, showing the new status); the scripts ask to confirm first instead.
              <form
                className="inline-form"
                method="post"
                action={`/application/${encodeURIComponent(token)}/withdraw`}
                onSubmit={(event) => {
                  event.preventDefault();
                  setConfirm('withdraw');
                }}
              >
                <button type="submit" className="button button-secondary">
                  Withdraw application
                </button>
              </form>
            )}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void download()}
              disabled={busy}
            >
              Download my data
            </button>
            {!heldSince && (
              <button
                ref={deleteButton}
                type="button"
                className="button button-danger-outline"
                onClick={() => setConfirm('delete')}
              >
                Delete my data
              </button>
            )}
          </div>
        )}
      </section>
    </SiteLayout>
  );
}
