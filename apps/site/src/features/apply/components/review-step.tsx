import type { ReactNode } from 'react';
import { monthsLabel, type TPublicPrivacyNotice } from '@hirecast/domain/privacy';
import {
  APPLY_STEP_LABELS,
  fieldId,
  type TApplyDraft,
  type TApplyStep,
  type TFieldErrors,
} from '../lib/apply-form.ts';
import { FieldMessage } from './form-fields.tsx';
import { possessive } from '@hirecast/domain/possessive';

export type TReviewFiles = { cv: string | null; video: string | null };

/** The last step: what will be sent, each part with a way back to change it, then consent and Submit. */
export function ReviewStep({
  steps,
  draft,
  files,
  companyName,
  privacy,
  errors,
  onConsent,
  onEdit,
}: {
  /** The flow's steps: the rows of a step it does not have (the video) are left out. */
  steps: readonly TApplyStep[];
  draft: TApplyDraft;
  files: TReviewFiles;
  companyName: string;
  /** Issue 26 item 5: how long the company keeps applications, and its own privacy policy. */
  privacy: TPublicPrivacyNotice;
  errors: TFieldErrors;
  onConsent: (consent: boolean) => void;
  onEdit: (step: number) => void;
}) {
  const takesVideo = steps.includes('video');
  const all: { label: string; value: ReactNode; step: TApplyStep }[] = [
    { label: 'Name', value: `${draft.firstName} ${draft.lastName}`.trim(), step: 'details' },
    { label: 'Email', value: draft.email, step: 'details' },
    { label: 'Current position', value: draft.position || 'Not given', step: 'details' },
    { label: 'Where you live', value: draft.location || 'Not given', step: 'details' },
    { label: 'Link', value: draft.socialNetworkLink || 'Not given', step: 'details' },
    { label: 'CV', value: files.cv ?? 'None', step: 'details' },
    {
      label: 'Experience',
      value: draft.experience.length
        ? draft.experience.map((e) => `${e.title} at ${e.employer}`).join('; ')
        : 'None',
      step: 'history',
    },
    {
      label: 'Education',
      value: draft.education.length
        ? draft.education.map((e) => `${e.field}, ${e.school}`).join('; ')
        : 'None',
      step: 'history',
    },
    { label: 'Video introduction', value: files.video ?? 'None', step: 'video' },
  ];
  if (draft.customQuestion.trim())
    all.push({ label: 'Your answer', value: draft.customQuestion, step: 'video' });
  const rows = all.filter((row) => steps.includes(row.step));
  const consentId = fieldId('consent');
  return (
    <>
      <dl className="review">
        {rows.map((row) => (
          <div className="review-row" key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
            <dd className="review-edit">
              <button
                type="button"
                className="button button-link"
                onClick={() => onEdit(steps.indexOf(row.step))}
              >
                Change<span className="visually-hidden"> {row.label.toLowerCase()}</span>
                <span className="visually-hidden"> ({APPLY_STEP_LABELS[row.step]})</span>
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <section className="privacy" aria-labelledby="privacy-title">
        <h3 id="privacy-title">Privacy notice</h3>
        <p>
          {companyName} receives the {takesVideo ? 'details, CV and video' : 'details and CV'} you send here
          and uses them only to consider you for this job. Hirecast stores them on behalf of {companyName}.
          You can withdraw your application, download or delete your data at any time with the private link in
          your confirmation email.
        </p>
        <p>
          {companyName} keeps an application for {monthsLabel(privacy.inactiveMonths)} after its last
          activity, {monthsLabel(privacy.rejectedMonths)} after it is declined or withdrawn, and{' '}
          {monthsLabel(privacy.hiredMonths)} after a hire, then removes your details, CV and video. You will
          be emailed two weeks before, with a link to keep your application for longer.
          {privacy.privacyPolicyUrl && (
            <>
              {' '}
              Read{' '}
              <a href={privacy.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
                {possessive(companyName)} privacy policy
              </a>
              .
            </>
          )}
        </p>
        <div className={`checkbox${errors.consent ? ' field-invalid' : ''}`}>
          <input
            id={consentId}
            type="checkbox"
            checked={draft.consent}
            onChange={(e) => onConsent(e.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${consentId}-error` : undefined}
          />
          <label htmlFor={consentId}>
            I agree that {companyName} processes my application data as described in this privacy notice.
          </label>
        </div>
        <FieldMessage name="consent" error={errors.consent} />
      </section>
    </>
  );
}
