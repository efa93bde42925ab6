import type { TCreateJobRequest, TJobLocation } from '@hirecast/domain/job';

export type TAddListingValues = {
  title: string;
  postHeading: string;
  /** A place chosen from the location suggestions (spec 1 §5); typed text alone is never a location. */
  location: TJobLocation | null;
  description: string;
};

export const EMPTY_LISTING: TAddListingValues = {
  title: '',
  postHeading: '',
  location: null,
  description: '',
};

// The dialog's plain text becomes the job payload: the description as a one-paragraph Quill Delta (a Delta
// always ends with a newline), the location as it was chosen.
export function toCreateJobRequest(values: TAddListingValues): TCreateJobRequest {
  const description = values.description.trim();
  return {
    title: values.title.trim(),
    postHeading: values.postHeading.trim(),
    location: values.location,
    description: description ? { ops: [{ insert: `${description}\n` }] } : null,
  };
}
