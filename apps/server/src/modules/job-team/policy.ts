import { canChangeMemberType, canEditJobTeam, canManageMember, teamMessages } from '@hirecast/domain/team';
import type { TRole } from '@hirecast/domain/constants';
import { jobMessages } from '@hirecast/domain/job-messages';
import { AppError } from '../../lib/app-error.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

// spec 1 §6: job-level team settings are disabled for Viewers.
export function assertCanEditTeam(scope: TCompanyScope) {
  if (!canEditJobTeam(scope.role)) throw new AppError('FORBIDDEN', jobMessages.viewerCannotEdit);
}

// Nobody invites someone above their own role: a job manager cannot make an admin.
export function assertCanGrant(scope: TCompanyScope, type: TRole) {
  if (type > scope.role) throw new AppError('FORBIDDEN', teamMessages.onlyAdminsChangeType);
}

// spec 1 §6: the top role changes other members' types; no one changes themselves.
export function assertCanChangeType(scope: TCompanyScope, isSelf: boolean) {
  assertCanEditTeam(scope);
  if (isSelf) throw new AppError('FORBIDDEN', teamMessages.cannotChangeSelf);
  if (!canChangeMemberType({ role: scope.role, isSelf })) {
    throw new AppError('FORBIDDEN', teamMessages.onlyAdminsChangeType);
  }
}

// spec 1 §6: a manager-level role deletes and resends invitations for members of the lowest type 0;
// admins for anyone; no one deletes themselves.
export function assertCanManage(scope: TCompanyScope, member: { isSelf: boolean; type: TRole }) {
  assertCanEditTeam(scope);
  if (member.isSelf) throw new AppError('FORBIDDEN', teamMessages.cannotChangeSelf);
  if (!canManageMember({ role: scope.role, isSelf: member.isSelf, memberType: member.type })) {
    throw new AppError('FORBIDDEN', teamMessages.managersLowestTypeOnly);
  }
}
