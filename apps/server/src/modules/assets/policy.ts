import { assetMessages, canChangeAsset, canPublishStory } from '@hirecast/domain/asset';
import { AppError } from '../../lib/app-error.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

// spec 3 §6: a viewer edits, crops, renames or deletes an asset only when they own it.
export function assertCanChange(scope: TCompanyScope, userId: string, ownerId: string | null) {
  if (!canChangeAsset({ role: scope.role, userId, ownerId }))
    throw new AppError('FORBIDDEN', assetMessages.notOwner);
}

// spec 3 §5 Roles: a viewer cannot use the Publish as story switch.
export function assertCanSetStory(scope: TCompanyScope) {
  if (!canPublishStory(scope.role)) throw new AppError('FORBIDDEN', assetMessages.viewerStory);
}
