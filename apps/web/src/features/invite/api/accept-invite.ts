import type { TManager } from '@hirecast/domain/auth';
import { api } from '../../../lib/api-client.ts';

// spec 2 §7 POST /manager/accept/invite {inviteCode}: the signed-in invitee joins the company, which becomes
// their current company (`manager._company`).
export const acceptInvite = (inviteCode: string) =>
  api.post<{ manager: TManager }>('/manager/accept/invite', { inviteCode });
