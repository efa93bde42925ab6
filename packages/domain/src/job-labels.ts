// Job enumerations and their labels. No zod here: the public site's first paint imports these.

// spec 1 §3 enumerations
export const EMPLOYMENT_TYPES = [
  'full-time',
  'part-time',
  'flexible',
  'contract',
  'zero hours',
  'temporary',
  'intern',
  'volunteer',
  'summer',
  'student',
  'other',
] as const;
export const LOCATION_TYPES = ['remote', 'flexible', 'office', 'on location'] as const;
export const LOCATION_TYPE_LABELS: Record<(typeof LOCATION_TYPES)[number], string> = {
  remote: 'Remote',
  flexible: 'Flexible (hybrid)',
  office: 'Office',
  'on location': 'On location',
};
