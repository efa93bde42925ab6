import { applyMessages, type TApplyRequest } from '@hirecast/domain/application';
import type { TPublicJob } from '@hirecast/domain/public-job';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { getSessionId } from '../../../lib/tracking.ts';
import { submitApplication } from '../api/submit-application.ts';
import {
  APPLY_STEP_LABELS,
  applySteps,
  buildApplyRequest,
  errorsOfStep,
  revalidate,
  stepOfField,
  validateDraft,
  type TApplyDraft,
  type TFieldErrors,
} from '../lib/apply-form.ts';
import { Confirmation } from './confirmation.tsx';
import { DetailsStep } from './details-step.tsx';
import { HistoryStep } from './history-step.tsx';
import { ReviewStep } from './review-step.tsx';
import { StepIndicator } from './step-indicator.tsx';
import { useApplyDraft } from './use-apply-draft.ts';
import { useFlowFocus } from './use-flow-focus.ts';
import { useUpload } from './use-upload.ts';
import { useVideoAnswer } from './use-video-answer.ts';
import { VideoStep } from './video-step.tsx';

/**
 * Issue 5 item 3: the apply flow, without an account. Four steps (three when the company's plan takes no video
 * applications: applySteps); uploads start as soon as a file or a
 * recording is ready and Submit waits for them; what was typed survives a reload.
 */
export default function ApplyFlow({
  job,
  preview,
  submitted,
  onClose,
  onSubmitted,
}: {
  job: TPublicJob;
  preview: boolean;
  /** The page is at its confirmation (#applied): after a reload, show the confirmation again. */
  submitted: boolean;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const { draft, update, markSent, sentTo } = useApplyDraft(job.shortId);
  const cv = useUpload<NonNullable<TApplyRequest['cv']>>();
  const video = useVideoAnswer(job.shortId);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState<'waiting' | 'sending' | null>(null);
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(() => (submitted ? sentTo() : null));

  const { focusNext, title, stepTitle, formErrorBox } = useFlowFocus(errors);

  const steps = applySteps(job);
  const takesVideo = steps.includes('video');

  if (confirmedEmail)
    return (
      <Confirmation
        withVideo={takesVideo}
        email={confirmedEmail}
        companyName={job.company.name}
        jobTitle={job.title}
        onBack={onClose}
      />
    );

  const lastStep = steps.length - 1;
  // A draft saved by a longer flow (the plan changed since) resumes at this flow's last step.
  const step = Math.min(draft.step, lastStep);
  const current = steps[step]!;

  const rules = {
    videoRequired: takesVideo && !job.isVideoOptional,
    questionRequired: !!job.customQuestion,
    hasVideo: video.hasVideo,
  };

  /** Edits the draft; errors shown for what the edit touched are checked again. */
  const edit = (patch: Partial<TApplyDraft>) => {
    update(patch);
    setErrors((shown) => revalidate(shown, { before: draft, after: { ...draft, ...patch }, rules }));
  };

  /** The draft's errors plus uploads that failed: a failed file is not silently dropped. */
  const allErrors = () => {
    const found = validateDraft(draft, rules);
    if (cv.state.status === 'error') found.cv = applyMessages.uploadMissing;
    if (takesVideo && video.upload.state.status === 'error' && !found.video)
      found.video = applyMessages.uploadMissing;
    return found;
  };

  const showErrors = (found: TFieldErrors) => {
    setErrors(found);
    const first = Object.keys(found)[0];
    const to =
      first === undefined ? step : Math.min(...Object.keys(found).map((key) => stepOfField(key, steps)));
    if (to !== draft.step) update({ step: to });
    focusNext('error');
  };

  const goTo = (to: number) => {
    setErrors({});
    setFormError(null);
    update({ step: to });
    focusNext('step');
  };

  const goNext = () => {
    const found = errorsOfStep(allErrors(), step, steps);
    if (Object.keys(found).length > 0) return showErrors(found);
    goTo(step + 1);
  };

  const submit = async () => {
    const found = allErrors();
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    setFormError(null);
    const cvWanted = cv.state.status !== 'idle';
    const videoWanted = takesVideo && video.upload.state.status !== 'idle';
    setSending('waiting');
    const [cvResult, videoResult] = await Promise.all([
      cv.settled(),
      takesVideo ? video.upload.settled() : null,
    ]);
    const failed: TFieldErrors = {};
    if (cvWanted && !cvResult) failed.cv = applyMessages.uploadMissing;
    if (videoWanted && !videoResult) failed.video = applyMessages.uploadMissing;
    if (Object.keys(failed).length > 0) {
      setSending(null);
      return showErrors(failed);
    }
    setSending('sending');
    try {
      const body = buildApplyRequest(draft, {
        cv: cvResult,
        video: videoResult ? { uploadId: videoResult } : null,
        sessionId: getSessionId(),
      });
      const answer = await submitApplication({ shortId: job.shortId, body });
      const email = draft.email.trim().toLowerCase();
      markSent(email);
      if (answer.interviewToken) {
        // Issue 25: the interview's questions come next, on its private page (also linked in the email).
        window.location.assign(`/interview/${encodeURIComponent(answer.interviewToken)}`);
        return;
      }
      setConfirmedEmail(email);
      onSubmitted();
    } catch (err) {
      // Server errors show as they come: the message on top, and each field's next to its field.
      setSending(null);
      setFormError(errorMessage(err));
      const fields = Object.entries(err instanceof ApiError ? err.fields : {}).map(
        ([key, message]) => [key.replace(/^body\./, ''), message] as const,
      );
      if (fields.length > 0) showErrors(Object.fromEntries(fields));
      else focusNext('form-error');
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    if (step < lastStep) goNext();
    else if (!preview) void submit();
  };

  // A file chosen again answers an upload error; any video answers 'video required'.
  const shown = { ...errors };
  if (cv.state.status === 'uploading' || cv.state.status === 'done') delete shown.cv;
  if (video.hasVideo) delete shown.video;

  const inFlight = [cv.state, video.upload.state].flatMap((s) =>
    s.status === 'uploading' ? [`${s.fileName} ${s.progress}%`] : [],
  );
  return (
    <div className="apply">
      <div className="card apply-head">
        <button type="button" className="button button-secondary button-small back-link" onClick={onClose}>
          <span aria-hidden="true">←</span>Back to the job
        </button>
        <h1 ref={title} tabIndex={-1}>
          Apply for {job.title}
        </h1>
        <p className="apply-company">{job.company.name}</p>
        <StepIndicator step={step} steps={steps} />
      </div>
      <form className="card apply-form" noValidate onSubmit={onSubmit} aria-labelledby="apply-step-title">
        <h2 id="apply-step-title" ref={stepTitle} tabIndex={-1}>
          {APPLY_STEP_LABELS[current]}
        </h2>
        <div className="form-error" role="alert" ref={formErrorBox} tabIndex={-1} hidden={!formError}>
          {formError}
        </div>
        {current === 'details' && (
          <DetailsStep
            draft={draft}
            errors={shown}
            onField={(key, value) => edit({ [key]: value })}
            shortId={job.shortId}
            cv={cv}
          />
        )}
        {current === 'history' && <HistoryStep draft={draft} errors={shown} onChange={edit} />}
        {current === 'video' && (
          <VideoStep
            job={{ ...job, companyName: job.company.name }}
            errors={shown}
            answer={draft.customQuestion}
            onAnswer={(customQuestion) => edit({ customQuestion })}
            mode={video.mode}
            onMode={video.setMode}
            upload={video.upload.state}
            recordingUrl={video.recordingUrl}
            onRecorded={video.onRecorded}
            onRetake={video.onRetake}
            onRetry={video.onRetry}
            onFile={video.onFile}
            onRemove={video.onRemove}
          />
        )}
        {current === 'review' && (
          <ReviewStep
            steps={steps}
            draft={draft}
            files={{ cv: cv.state.status === 'idle' ? null : cv.state.fileName, video: video.summary }}
            companyName={job.company.name}
            privacy={job.privacy}
            errors={shown}
            onConsent={(consent) => edit({ consent })}
            onEdit={goTo}
          />
        )}
        {preview && step === lastStep && (
          <p className="note">This is a preview: candidates can submit here, you cannot.</p>
        )}
        <p className="submit-status" aria-live="polite">
          {sending === 'waiting' &&
            `Finishing your uploads${inFlight.length > 0 ? ` (${inFlight.join(', ')})` : ''}…`}
          {sending === 'sending' && 'Sending your application…'}
        </p>
        <div className="form-actions">
          {step > 0 && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => goTo(step - 1)}
              disabled={sending !== null}
            >
              Back
            </button>
          )}
          <button
            type="submit"
            className="button button-primary"
            disabled={sending !== null || (preview && step === lastStep)}
          >
            {step < lastStep ? 'Continue' : sending ? 'Sending…' : 'Submit application'}
          </button>
        </div>
      </form>
    </div>
  );
}
