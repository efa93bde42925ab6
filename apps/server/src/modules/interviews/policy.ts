import { applicantMessages } from '@hirecast/domain/applicants';
import { ROLES } from '@hirecast/domain/constants';
import { jobMessages } from '@hirecast/domain/job-messages';
import { AppError } from '../../lib/app-error.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

// Issue 25 item 5, spec 1 §6 and spec 2 §6. The question set is a job setting: viewers cannot edit it. Inviting,
// extending, re-opening, accommodations and share links are actions on an applicant (email, status-like
// changes): viewers cannot take them. Rating an answer is like a note or a mark, which spec 2 §6 lets viewers
// write: viewers read interviews and rate answers.

export function assertCanEditInterview(scope: TCompanyScope) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', jobMessages.viewerCannotEdit);
}

export function assertCanManageCandidate(scope: TCompanyScope) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', applicantMessages.viewerCannotAct);
}
