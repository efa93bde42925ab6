import { z } from 'zod';
import { ZManager } from './auth.ts';
import { ROLES, type TRole } from './constants.ts';
import { jobMessages } from './job-messages.ts';
import { messages } from './messages.ts';
import { ZTeamManager, ZTeamMemberType, zInviteEmail } from './team.ts';

// Issue 7: the company team (spec 2 §7 "Company team", spec 1 §4 team invitations) and invite activation
// (spec 2 §4 "Invite flow"). The role rules are those of the job team (team.ts: canChangeMemberType,
// canManageMember, canResendInvitation); they apply to the company team unchanged.

export const inviteMessages = {
  missing: 'Invite code has not been specified.',
  invalid: messages.inviteCodeInvalid,
  activating: 'Please wait, we are activating your account...',
  duplicate: jobMessages.duplicateEmail,
  tooSoon: jobMessages.inviteTooSoon,
  sent: jobMessages.inviteSent,
  /** The signed-in person is not the one the invitation was sent to. */
  otherAccount: 'This invitation was sent to another email address. Sign out and open the link again.',
  adminsOnly: 'Only admins can edit these settings.',
} as const;

// spec 2 §7: POST /company/{id}/team {companyId, team {email, type}}. Posting the email of a pending invitation
// again is a resend (at most once per 30 s) that keeps the invitation's type (PATCH changes types); the email
// of a member answers 409 'This email is already in the list!'.
export const ZCompanyInviteRequest = z
  .object({
    companyId: z.string().optional(),
    team: z.object({ email: zInviteEmail, type: ZTeamMemberType.default(ROLES.viewer) }).strict(),
  })
  .strict();
export type TCompanyInviteRequest = z.input<typeof ZCompanyInviteRequest>;

/**
 * spec 2 §6 Team: who may send (or resend) a company invitation of a type. Admins any type; a job manager
 * only the lowest type 0 (the same reach as canManageMember); Viewers none.
 */
export const canInviteMember = (input: { role: TRole; type: TRole }) =>
  input.role >= ROLES.admin || (input.role >= ROLES.jobManager && input.type === ROLES.viewer);

// spec 2 §7: PATCH /company/{id}/team/{memberId} {type}; DELETE /company/{id}/team {memberId}.
export const ZCompanyMemberTypeRequest = z.object({ type: ZTeamMemberType }).strict();
export type TCompanyMemberTypeRequest = z.input<typeof ZCompanyMemberTypeRequest>;
export const ZCompanyMemberDeleteRequest = z.object({ memberId: z.uuid() }).strict();
export type TCompanyMemberDeleteRequest = z.input<typeof ZCompanyMemberDeleteRequest>;

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

/** GET and DELETE /company/{id}/team answer: members first (oldest first), then pending invitations. */
export const ZCompanyTeamAnswer = z.object({ members: z.array(ZCompanyTeamMember) });
export type TCompanyTeamAnswer = z.infer<typeof ZCompanyTeamAnswer>;
/** POST /company/{id}/team answer: 201 for a new invitation, 200 for a resend. */
export const ZCompanyInviteAnswer = z.object({ member: ZCompanyTeamMember, message: z.string() });
export type TCompanyInviteAnswer = z.infer<typeof ZCompanyInviteAnswer>;
/** PATCH /company/{id}/team/{memberId} answer. */
export const ZCompanyMemberAnswer = z.object({ member: ZCompanyTeamMember });

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
export type TAcceptInviteRequest = z.input<typeof ZAcceptInviteRequest>;
/** The signed-in manager afterwards, like GET /manager/me, with `_company` set to the company joined. */
export const ZAcceptInviteAnswer = z.object({ manager: ZManager });
export type TAcceptInviteAnswer = z.infer<typeof ZAcceptInviteAnswer>;
