import { sessions } from '@hirecast/db/schema';
import { addMember, createCompany, createUser } from '@hirecast/db/factories';
import type { TDb } from '@hirecast/db/client';
import { hashToken, newToken } from '../../src/lib/tokens.ts';

// A signed-in user without going through the accounts API: a user row plus a session row for a fresh token.
export async function signedInUser(db: TDb, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  const token = newToken();
  await db
    .insert(sessions)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
  return { user, token };
}

/** A company with a signed-in member of the given role (2 Admin by default). */
export async function companyWithMember(db: TDb, role: 0 | 1 | 2 = 2) {
  const company = await createCompany(db);
  const member = await signedInUser(db);
  await addMember(db, { companyId: company.id, userId: member.user.id, role });
  return { company, ...member };
}
