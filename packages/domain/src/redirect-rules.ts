import { jobMessages } from './job-messages.ts';

export type TRedirectFields = {
  customApplication: boolean;
  customApplicationURL: string | null;
  isExternalATSValidation: boolean;
};

export type TRedirectResult =
  { ok: true; value: TRedirectFields } | { ok: false; field: keyof TRedirectFields; message: string };

// spec 1 §4 Redirect candidates: turning it on requires a link; clearing the link turns it off and clears the
// flag; 'Unpublish job when application page expired' (isExternalATSValidation) requires the redirect and a
// link. Takes the stored fields and the changed ones; answers the fields to store, or the message to show.
// The link's format (https, valid host) is checked by the request schema (spec 1 §5).
export function applyRedirectRules(prev: TRedirectFields, patch: Partial<TRedirectFields>): TRedirectResult {
  const url =
    patch.customApplicationURL !== undefined
      ? normaliseUrl(patch.customApplicationURL)
      : prev.customApplicationURL;
  let customApplication = patch.customApplication ?? prev.customApplication;
  let isExternalATSValidation = patch.isExternalATSValidation ?? prev.isExternalATSValidation;

  const linkCleared = patch.customApplicationURL !== undefined && url === null;
  if (linkCleared && patch.customApplication !== true) {
    // Clearing the link turns the redirect off and clears the validation flag.
    customApplication = false;
    isExternalATSValidation = false;
  }
  if (customApplication && !url) {
    return { ok: false, field: 'customApplicationURL', message: jobMessages.redirectUrlMissing };
  }
  if (!customApplication) {
    if (patch.isExternalATSValidation === true) {
      return { ok: false, field: 'isExternalATSValidation', message: jobMessages.redirectUrlMissing };
    }
    // Turning the redirect off takes the validation with it.
    isExternalATSValidation = false;
  }
  return { ok: true, value: { customApplication, customApplicationURL: url, isExternalATSValidation } };
}

function normaliseUrl(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}
