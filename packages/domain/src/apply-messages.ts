// The candidate side's limits and messages (issue 5). No zod here: the public site's first paint imports these
// without pulling in the schemas.

export const APPLY_LIMITS = {
  nameMax: 35,
  emailMax: 100,
  positionMax: 90,
  locationMax: 120,
  linkMax: 500,
  answerMax: 2000,
  itemsMax: 20,
  itemTextMax: 120,
  itemInfoMax: 2000,
  // spec 3 §5: PDF or DOCX up to 20 MB; a video up to 500 MB.
  cvMaxBytes: 20 * 1024 * 1024,
  videoMaxBytes: 500 * 1024 * 1024,
} as const;

export const applyMessages = {
  firstNameRequired: 'Please enter your first name',
  lastNameRequired: 'Please enter your last name',
  nameTooLong: `At most ${APPLY_LIMITS.nameMax} characters`,
  emailRequired: 'Please enter your email',
  emailInvalid: 'Please enter a valid email address',
  tooLong: 'This is too long',
  linkInvalid: 'Looks like the link you entered is invalid.',
  dateInvalid: 'Please enter a month and year',
  endBeforeStart: 'The end date cannot be before the start date',
  cvWrongType: 'File type must be one of PDF or DOCX',
  cvTooLarge: 'File is larger than 20 mb!',
  videoWrongType: 'File type must be one of MOV, MP4 or WEBM',
  videoTooLarge: 'The file size cannot be larger than 500mb',
  videoRequired: 'Please record or upload a video introduction.',
  // Not in the spec: a video sent for a job whose company's plan has no video applications (spec 1 §6).
  videoNotOffered: 'This job does not take video introductions. Please apply with your CV.',
  answerRequired: 'Please answer the question',
  consentRequired: 'Please agree to the privacy notice to apply.',
  uploadMissing: 'Your file did not finish uploading. Please upload it again.',
  duplicate: 'You have already applied for this job with this email.',
  jobClosed: 'This job is no longer accepting applications.',
  applyElsewhere: 'This job takes applications on the employer’s own website.',
  jobNotFound: 'This job could not be found.',
  tooMany: 'Too many applications from your connection. Please try again later.',
  tooManyForEmail: 'Too many attempts to apply for this job with this email. Please try again later.',
  submitted: 'Your application has been sent',
  withdrawn: 'Your application has been withdrawn.',
  deleted: 'Your data has been deleted.',
  /** Issue 33: a rejected application has nothing left to withdraw (409). */
  rejectedCannotWithdraw: 'This application was not selected, so there is nothing to withdraw.',
  linkInvalid404: 'This link is no longer valid.',
} as const;
