import type { TInviteInfo } from '@hirecast/domain/company-team';
import { api } from '../../../lib/api-client.ts';

// spec 2 §4 Invite flow: "the user is fetched by the invite token": GET /manager/invite/{inviteCode}
// (public; 404 'Invite code is invalid.').
export const getInvite = (inviteCode: string) =>
  api.get<TInviteInfo>(`/manager/invite/${encodeURIComponent(inviteCode)}`);
