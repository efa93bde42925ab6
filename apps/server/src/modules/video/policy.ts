import { canChangeAsset } from '@hirecast/domain/asset';
import { AppError } from '../../lib/app-error.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { videoMessages } from './messages.ts';

// spec 3 §6: a viewer edits or deletes a template only when they own it (owner equals their id); the other
// roles edit every template of the company. Samples belong to no company of the caller: nobody changes them.
export function assertCanChangeTemplate(
  scope: TCompanyScope,
  userId: string,
  template: { ownerId: string | null; isSample: boolean; companyId: string },
) {
  if (template.isSample && template.companyId !== scope.companyId)
    throw new AppError('FORBIDDEN', videoMessages.sampleReadOnly);
  if (!canChangeAsset({ role: scope.role, userId, ownerId: template.ownerId }))
    throw new AppError('FORBIDDEN', videoMessages.notOwner);
}

/** spec 3 §4: analytics and delete are hidden, and editing waits, while a template is preparing or rendering. */
export const isWorking = (status: string) => status === 'preparing' || status === 'rendering';
