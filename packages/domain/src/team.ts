import { z } from 'zod';
import { ROLES, type TRole } from './constants.ts';
import { zEmail } from './fields.ts';
import { JOB_LIMITS } from './job.ts';
import { jobMessages } from './job-messages.ts';

// spec 1 §3 Team member: type is the numeric role of §6 (0 Viewer, 1 Job Manager, 2 Admin); 0 for a new invite.
export const ZTeamMemberType = z.union([z.literal(0), z.literal(1), z.literal(2)], {
  error: 'Type must be 0, 1 or 2',
});

// spec 1 §5 Team invite email: max 40, valid, trimmed and lowercased.
export const zInviteEmail = zEmail({ max: JOB_LIMITS.inviteEmailMax });

// spec 1 §7 Job team: POST /job/{id}/team {members}; duplicates are rejected (spec 1 §5).
export const ZInviteTeamRequest = z
  .object({
    members: z
      .array(z.object({ email: zInviteEmail, type: ZTeamMemberType.default(ROLES.viewer) }).strict())
      .min(1, 'Please add at least one email')
      .max(20)
      .refine((list) => new Set(list.map((m) => m.email)).size === list.length, jobMessages.duplicateEmail),
  })
  .strict();
export type TInviteTeamRequest = z.input<typeof ZInviteTeamRequest>;

// spec 1 §7 Job team: PATCH /job/{id}/team/{memberId} {type}
export const ZUpdateTeamMemberRequest = z.object({ type: ZTeamMemberType }).strict();
export type TUpdateTeamMemberRequest = z.input<typeof ZUpdateTeamMemberRequest>;

export const ZTeamManager = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });
// spec 1 §3 Team member: email, type, _manager (null while the invitation is pending), lastInvitationDate.
export const ZTeamMember = z.object({
  _id: z.string(),
  email: z.string(),
  type: ZTeamMemberType,
  _manager: ZTeamManager.nullable(),
  lastInvitationDate: z.string().nullable(),
});
export type TTeamMember = z.infer<typeof ZTeamMember>;

export const ZInviteTeamAnswer = z.object({ members: z.array(ZTeamMember), message: z.string() });

// Who may do what in the job team (spec 1 §6). Pure, so the web disables the same controls.
export const canEditJobTeam = (role: TRole) => role >= ROLES.jobManager;
/** Changing a member's type: admins only (the top role changes other members' types); never oneself. */
export const canChangeMemberType = (input: { role: TRole; isSelf: boolean }) =>
  !input.isSelf && input.role >= ROLES.admin;
/** Removing or re-inviting: admins anyone; job managers members of the lowest type 0; never oneself. */
export const canManageMember = (input: { role: TRole; isSelf: boolean; memberType: TRole }) =>
  !input.isSelf &&
  (input.role >= ROLES.admin || (input.role >= ROLES.jobManager && input.memberType === ROLES.viewer));

// spec 1 §4, §9: resend of an invitation at most once per 30 s.
export const canResendInvitation = (lastInvitationDate: Date | null, now = new Date()) =>
  !lastInvitationDate || now.getTime() - lastInvitationDate.getTime() >= JOB_LIMITS.inviteResendGapMs;

export const teamMessages = {
  cannotChangeSelf: 'You cannot change or remove yourself.',
  onlyAdminsChangeType: "Only admins can change other members' types.",
  managersLowestTypeOnly: 'Job managers can only manage members with the Viewer type.',
  // Issue 33 item 8: leaving a company (DELETE /company/{id}/team/me).
  lastAdminCannotLeave:
    "You are this company's only admin: make another member an admin before you leave, so the team is not left without one.",
} as const;
