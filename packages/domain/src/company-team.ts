import { z } from 'zod';
import { ROLES } from './constants.ts';
import { jobMessages } from './job-messages.ts';
import { ZTeamManager, ZTeamMemberType, zInviteEmail } from './team.ts';

// Issue 7: the company team (spec 2 §7 "Company team", spec 1 §4 team invitations) and invite activation
// (spec 2 §4 "Invite flow"). The role rules are those of the job team (team.ts: canChangeMemberType,
// canManageMember, canResendInvitation); they apply to the company team unchanged.

export const inviteMessages = {
  missing: 'Invite code has not been specified.',
  invalid: 'Invite code is invalid.',
  activating: 'Please wait, we are activating your account...',
  duplicate: jobMessages.duplicateEmail,
  tooSoon: jobMessages.inviteTooSoon,
  sent: jobMessages.inviteSent,
  /** The signed-in person is not the one the invitation was sent to. */
  otherAccount: 'This invitation was sent to another email address. Sign out and open the link again.',
  adminsOnly: 'Only admins can edit these settings.',
} as const;

// spec 2 §7: POST /company/{id}/team {companyId, team {email, type}}. Posting the email of a pending invitation
// again is a resend (at most once per 30 s); the email of a member answers 409 'This email is already in the list!'.
export const ZCompanyInviteRequest = z
  .object({
    companyId: z.string().optional(),
    team: z.object({ email: zInviteEmail, type: ZTeamMemberType.default(ROLES.viewer) }).strict(),
  })
  .strict();
export type TCompanyInviteRequest = z.input<typeof ZCompanyInviteRequest>;

// spec 2 §7: PATCH /company/{id}/team/{memberId} {type}; DELETE /company/{id}/team {memberId}.
export const ZCompanyMemberTypeRequest = z.object({ type: ZTeamMemberType }).strict();
export const ZCompanyMemberDeleteRequest = z.object({ memberId: z.uuid() }).strict();

// spec 2 §3 Company.team: a member (membership) or a pending invitation. `_id` is the membership's id for
// members and the invitation's id for pending invitations; PATCH and DELETE take either.
export const ZCompanyTeamMember = z.object({
  _id: z.string(),
  email: z.string(),
  type: ZTeamMemberType,
  /** Null while the invitation is pending. */
  _manager: ZTeamManager.nullable(),
  lastInvitationDate: z.string().nullable(),
  isPending: z.boolean(),
});
export type TCompanyTeamMember = z.infer<typeof ZCompanyTeamMember>;

export const ZCompanyTeamAnswer = z.object({ members: z.array(ZCompanyTeamMember) });
export const ZCompanyInviteAnswer = z.object({ member: ZCompanyTeamMember, message: z.string() });

// spec 2 §4 Invite flow: "the user is fetched by the invite token". GET /manager/invite/{inviteCode}.
export const ZInviteInfo = z.object({
  email: z.string(),
  companyName: z.string(),
  type: ZTeamMemberType,
  /** True when no account has this email yet: the person signs up (the free-mail rule does not apply). */
  needVerification: z.boolean(),
});
export type TInviteInfo = z.infer<typeof ZInviteInfo>;

// spec 2 §7: POST /manager/accept/invite (the signed-in person whose email the invitation names).
export const ZAcceptInviteRequest = z.object({ inviteCode: z.string().trim().min(1).max(200) }).strict();
