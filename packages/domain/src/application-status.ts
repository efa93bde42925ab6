// spec 2 §4 Applicant statuses. A module of its own, imported by application, applicants and screening,
// so that none of them has to import another in a circle.
export const APPLICATION_STATUSES = [
  'new',
  'shortlisted',
  'interviewing',
  'hired',
  'rejected',
  'withdrawn',
] as const;
export type TApplicationStatus = (typeof APPLICATION_STATUSES)[number];
