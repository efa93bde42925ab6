import { canChangeAsset, canPublishStory } from '@hirecast/domain/asset';
import { ROLES, type TRole } from '@hirecast/domain/constants';
import { useMe } from '../../../lib/me.ts';

// spec 3 §6: a viewer edits, crops, renames or deletes only what they own; a viewer cannot publish a story.
export function useAssetPermissions() {
  const { data: me } = useMe();
  const role = (me?.role ?? ROLES.viewer) as TRole;
  const userId = me?._id ?? '';
  return {
    canChange: (ownerId: string | null) => canChangeAsset({ role, userId, ownerId }),
    canPublishStory: canPublishStory(role),
    // Issue 34 item 3: viewers read captions; the caption editor is for job managers and admins.
    canEditCaptions: role >= ROLES.jobManager,
  };
}
