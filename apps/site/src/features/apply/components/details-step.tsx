import type { TApplyRequest } from '@hirecast/domain/application';
import { APPLY_LIMITS } from '@hirecast/domain/application';
import type { TApplyDraft, TFieldErrors } from '../lib/apply-form.ts';
import { CvField } from './cv-field.tsx';
import { TextField } from './form-fields.tsx';
import type { useUpload } from './use-upload.ts';

type TDetailsKey = 'firstName' | 'lastName' | 'email' | 'position' | 'location' | 'socialNetworkLink';

/** Step 1: who the candidate is, and their CV. */
export function DetailsStep({
  draft,
  errors,
  onField,
  shortId,
  cv,
}: {
  draft: TApplyDraft;
  errors: TFieldErrors;
  onField: (key: TDetailsKey, value: string) => void;
  shortId: string;
  cv: ReturnType<typeof useUpload<NonNullable<TApplyRequest['cv']>>>;
}) {
  return (
    <>
      <div className="field-row">
        <TextField
          name="firstName"
          label="First name"
          autoComplete="given-name"
          maxLength={APPLY_LIMITS.nameMax}
          value={draft.firstName}
          onValue={(v) => onField('firstName', v)}
          error={errors.firstName}
        />
        <TextField
          name="lastName"
          label="Last name"
          autoComplete="family-name"
          maxLength={APPLY_LIMITS.nameMax}
          value={draft.lastName}
          onValue={(v) => onField('lastName', v)}
          error={errors.lastName}
        />
      </div>
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        hint="We send your confirmation here."
        value={draft.email}
        onValue={(v) => onField('email', v)}
        error={errors.email}
      />
      <TextField
        name="position"
        label="Current position"
        optional
        autoComplete="organization-title"
        value={draft.position}
        onValue={(v) => onField('position', v)}
        error={errors.position}
      />
      <TextField
        name="location"
        label="Where you live"
        optional
        autoComplete="address-level2"
        hint="Town or city"
        value={draft.location}
        onValue={(v) => onField('location', v)}
        error={errors.location}
      />
      <TextField
        name="socialNetworkLink"
        label="LinkedIn or portfolio link"
        optional
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="https://"
        value={draft.socialNetworkLink}
        onValue={(v) => onField('socialNetworkLink', v)}
        error={errors.socialNetworkLink}
      />
      <CvField shortId={shortId} upload={cv} error={errors.cv} />
    </>
  );
}
