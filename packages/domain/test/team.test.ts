import { describe, expect, it } from 'vitest';
import { jobMessages } from '../src/job-messages.ts';
import { messages } from '../src/messages.ts';
import {
  canChangeMemberType,
  canEditJobTeam,
  canManageMember,
  canResendInvitation,
  ZInviteTeamRequest,
  ZUpdateTeamMemberRequest,
} from '../src/team.ts';

const firstMessage = (input: unknown) => ZInviteTeamRequest.safeParse(input).error?.issues[0]?.message;

describe('ZInviteTeamRequest (spec 1 §5 Team invite email)', () => {
  it('trims and lowercases emails and defaults the type to 0', () => {
    expect(ZInviteTeamRequest.parse({ members: [{ email: '  Ana@Example.COM ' }] })).toEqual({
      members: [{ email: 'ana@example.com', type: 0 }],
    });
  });

  it('rejects duplicates after lowercasing with the spec message', () => {
    expect(firstMessage({ members: [{ email: 'a@x.com' }, { email: 'A@X.com ' }] })).toBe(
      jobMessages.duplicateEmail,
    );
  });

  it('allows 40 characters and rejects 41, invalid and blank emails', () => {
    const forty = `${'a'.repeat(28)}@example.com`;
    expect(ZInviteTeamRequest.safeParse({ members: [{ email: forty }] }).success).toBe(true);
    expect(firstMessage({ members: [{ email: `a${forty}` }] })).toBe(messages.emailInvalid);
    expect(firstMessage({ members: [{ email: 'a@b' }] })).toBe(messages.emailInvalid);
    expect(firstMessage({ members: [{ email: ' ' }] })).toBe(messages.emailRequired);
  });

  it('accepts types 0, 1, 2 only', () => {
    for (const type of [0, 1, 2]) expect(ZUpdateTeamMemberRequest.safeParse({ type }).success).toBe(true);
    for (const type of [3, -1, '1', 1.5, null])
      expect(ZUpdateTeamMemberRequest.safeParse({ type }).success).toBe(false);
  });
});

describe('job team permissions (spec 1 §6)', () => {
  it('lets job managers and admins edit, not Viewers', () => {
    expect([0, 1, 2].map((role) => canEditJobTeam(role as 0 | 1 | 2))).toEqual([false, true, true]);
  });

  it("lets only the top role change others' types, never their own", () => {
    expect(canChangeMemberType({ role: 2, isSelf: false })).toBe(true);
    expect(canChangeMemberType({ role: 2, isSelf: true })).toBe(false);
    expect(canChangeMemberType({ role: 1, isSelf: false })).toBe(false);
  });

  it('lets managers manage type-0 members, admins anyone, nobody themselves', () => {
    expect(canManageMember({ role: 1, isSelf: false, memberType: 0 })).toBe(true);
    expect(canManageMember({ role: 1, isSelf: false, memberType: 1 })).toBe(false);
    expect(canManageMember({ role: 2, isSelf: false, memberType: 2 })).toBe(true);
    expect(canManageMember({ role: 2, isSelf: true, memberType: 0 })).toBe(false);
    expect(canManageMember({ role: 0, isSelf: false, memberType: 0 })).toBe(false);
  });

  it('allows a resend 30 s after the last invitation, not before', () => {
    const now = new Date('2026-01-01T12:00:30Z');
    expect(canResendInvitation(null, now)).toBe(true);
    expect(canResendInvitation(new Date('2026-01-01T12:00:00.001Z'), now)).toBe(false);
    expect(canResendInvitation(new Date('2026-01-01T12:00:00Z'), now)).toBe(true);
  });
});
