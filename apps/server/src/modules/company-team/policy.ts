import { canInviteMember } from '@hirecast/domain/company-team';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { canChangeMemberType, canManageMember, teamMessages } from '@hirecast/domain/team';
import { AppError } from '../../lib/app-error.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

// spec 2 §6 Team, for the company team. Viewers hear the settings message of spec 2 §2 ('Only admins can
// edit these settings.'); job managers reach invitations and members of type 0 only; nobody acts on
// themselves.

function assertNotViewer(scope: TCompanyScope) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', messages.onlyAdmins);
}

/** Sending or resending an invitation of `type`. */
export function assertCanInvite(scope: TCompanyScope, type: TRole) {
  assertNotViewer(scope);
  if (!canInviteMember({ role: scope.role, type })) {
    throw new AppError('FORBIDDEN', teamMessages.managersLowestTypeOnly);
  }
}

/** Changing a member's or an invitation's type: the top role only, never their own. */
export function assertCanChangeType(scope: TCompanyScope, isSelf: boolean) {
  assertNotViewer(scope);
  if (isSelf) throw new AppError('FORBIDDEN', teamMessages.cannotChangeSelf);
  if (!canChangeMemberType({ role: scope.role, isSelf })) {
    throw new AppError('FORBIDDEN', teamMessages.onlyAdminsChangeType);
  }
}

/** Deleting or resending: admins anyone, job managers type-0 members and invitations, never oneself. */
export function assertCanManage(scope: TCompanyScope, member: { isSelf: boolean; type: TRole }) {
  assertNotViewer(scope);
  if (member.isSelf) throw new AppError('FORBIDDEN', teamMessages.cannotChangeSelf);
  if (!canManageMember({ role: scope.role, isSelf: member.isSelf, memberType: member.type })) {
    throw new AppError('FORBIDDEN', teamMessages.managersLowestTypeOnly);
  }
}
