import { describe, expect, it } from 'vitest';
import {
  canInviteMember,
  inviteMessages,
  ZAcceptInviteRequest,
  ZCompanyInviteRequest,
  ZCompanyMemberDeleteRequest,
  ZCompanyMemberTypeRequest,
} from '../src/company-team.ts';
import type { TRole } from '../src/constants.ts';
import { messages } from '../src/messages.ts';
import { canChangeMemberType, canManageMember } from '../src/team.ts';

const parse = (email: unknown, type?: unknown) =>
  ZCompanyInviteRequest.safeParse({ team: { email, ...(type !== undefined && { type }) } });
const firstMessage = (email: unknown) => parse(email).error?.issues[0]?.message;
const ROLES: TRole[] = [0, 1, 2];

describe('ZCompanyInviteRequest (spec 2 §5 Team invite email)', () => {
  it('trims and lowercases the email and defaults the type to 0 (Viewer)', () => {
    expect(ZCompanyInviteRequest.parse({ team: { email: '  Ana.Lee@Example.COM  ' } })).toEqual({
      team: { email: 'ana.lee@example.com', type: 0 },
    });
  });

  it('keeps the companyId and the type it is given', () => {
    const companyId = '8f0c2b8e-5f7e-4a8e-9d7c-2f1d0b7a6c11';
    expect(ZCompanyInviteRequest.parse({ companyId, team: { email: 'a@b.co', type: 2 } })).toEqual({
      companyId,
      team: { email: 'a@b.co', type: 2 },
    });
  });

  it.each([
    ['40 characters', `${'a'.repeat(28)}@example.com`, true],
    ['40 characters after trimming', `   ${'a'.repeat(28)}@example.com   `, true],
    ['41 characters', `${'a'.repeat(29)}@example.com`, false],
    ['no domain dot', 'ana@example', false],
    ['no at sign', 'ana.example.com', false],
    ['a space inside', 'ana lee@example.com', false],
  ])('%s: valid %s', (_name, email, ok) => {
    expect(parse(email).success).toBe(ok);
    if (!ok) expect(firstMessage(email)).toBe(messages.emailInvalid);
  });

  it('answers the required message to a blank email', () => {
    expect(firstMessage('   ')).toBe(messages.emailRequired);
    expect(firstMessage('')).toBe(messages.emailRequired);
  });

  it('accepts types 0, 1, 2 only and no unknown fields', () => {
    for (const type of [0, 1, 2]) expect(parse('a@b.co', type).success).toBe(true);
    for (const type of [3, -1, '1', 1.5, null]) expect(parse('a@b.co', type).success).toBe(false);
    expect(ZCompanyInviteRequest.safeParse({ team: { email: 'a@b.co', role: 1 } }).success).toBe(false);
    expect(ZCompanyInviteRequest.safeParse({ team: { email: 'a@b.co' }, extra: 1 }).success).toBe(false);
  });

  it('checks the PATCH, DELETE and accept bodies', () => {
    expect(ZCompanyMemberTypeRequest.safeParse({ type: 1 }).success).toBe(true);
    expect(ZCompanyMemberTypeRequest.safeParse({ type: 4 }).success).toBe(false);
    expect(ZCompanyMemberDeleteRequest.safeParse({ memberId: 'nope' }).success).toBe(false);
    expect(ZAcceptInviteRequest.safeParse({ inviteCode: '  ' }).success).toBe(false);
    expect(ZAcceptInviteRequest.parse({ inviteCode: ' abc ' })).toEqual({ inviteCode: 'abc' });
  });

  it('uses the spec messages', () => {
    expect(inviteMessages.sent('ana@example.com')).toBe('Invitation to ana@example.com is sent');
    expect(inviteMessages.duplicate).toBe('This email is already in the list!');
    expect(inviteMessages.tooSoon).toBe(
      'Please, wait 30 seconds before sending invitation to the same person',
    );
    expect(inviteMessages.invalid).toBe('Invite code is invalid.');
    expect(inviteMessages.missing).toBe('Invite code has not been specified.');
  });
});

// spec 2 §6 Team: only the top role changes other members' types; nobody changes or deletes themselves;
// resend and delete are for the top role, or a manager for type-0 members.
describe('the role matrix of spec 2 §6', () => {
  const cases = ROLES.flatMap((role) =>
    ROLES.flatMap((memberType) => [false, true].map((isSelf) => ({ role, memberType, isSelf }))),
  );

  it.each(cases)(
    'role $role on a type-$memberType member (self: $isSelf)',
    ({ role, memberType, isSelf }) => {
      expect(canChangeMemberType({ role, isSelf })).toBe(role === 2 && !isSelf);
      const manage = !isSelf && (role === 2 || (role === 1 && memberType === 0));
      expect(canManageMember({ role, isSelf, memberType })).toBe(manage);
    },
  );

  it('covers all 18 combinations', () => {
    expect(cases).toHaveLength(18);
  });

  it.each(ROLES.flatMap((role) => ROLES.map((type) => ({ role, type }))))(
    'role $role may invite type $type',
    ({ role, type }) => {
      expect(canInviteMember({ role, type })).toBe(role === 2 || (role === 1 && type === 0));
    },
  );
});
