import { ROLES } from '@hirecast/domain/constants';
import { requireRole, type TCompanyScope } from '../../plugins/auth.ts';

// spec 3 §6: the Employer page is the admins'; issue 15: only admins edit the page and its stories (403 for the
// others). Every member may read it.
export const assertCanEditPage = (scope: TCompanyScope) => requireRole(scope, ROLES.admin);
