import type { TCreateJobRequest } from '@hirecast/domain/job';

export type TAddListingValues = {
  title: string;
  postHeading: string;
  city: string;
  country: string;
  description: string;
};

export const EMPTY_LISTING: TAddListingValues = {
  title: '',
  postHeading: '',
  city: '',
  country: '',
  description: '',
};

// The dialog's plain text becomes the job payload: the description as a one-paragraph Quill Delta (a Delta
// always ends with a newline), the location from its two parts.
export function toCreateJobRequest(values: TAddListingValues): TCreateJobRequest {
  const description = values.description.trim();
  const city = values.city.trim();
  const country = values.country.trim();
  return {
    title: values.title.trim(),
    postHeading: values.postHeading.trim(),
    location: city || country ? { ...(city ? { city } : {}), ...(country ? { country } : {}) } : null,
    description: description ? { ops: [{ insert: `${description}\n` }] } : null,
  };
}
