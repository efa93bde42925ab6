import { applicantMessages, isFinalForEmployer, type TApplicationStatus } from '@hirecast/domain/applicants';
import { ROLES } from '@hirecast/domain/constants';
import { AppError } from '../../lib/app-error.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

// spec 2 §6: viewers cannot send email, delete, reject, hire, interview, reply or change status. Notes and
// marks are not in that list, so viewers may write (and delete their own) notes and marks.
export function assertCanAct(scope: TCompanyScope) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', applicantMessages.viewerCannotAct);
}

/** A candidate's withdrawal is final for the employer: no status change and no email to them (403). */
export function assertNotWithdrawn(application: { status: string }) {
  if (isFinalForEmployer(application.status as TApplicationStatus))
    throw new AppError('FORBIDDEN', applicantMessages.withdrawnIsFinal);
}
