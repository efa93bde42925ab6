import { ROLES } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { AppError } from '../../lib/app-error.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

// spec 1 §6: company settings are edited by the top role only.
export function assertCanEditCompany(scope: TCompanyScope) {
  if (scope.role < ROLES.admin) throw new AppError('FORBIDDEN', messages.onlyAdmins);
}
