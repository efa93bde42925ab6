import { randomBytes } from 'node:crypto';
import type { TDb } from './client.ts';
import { hashPassword } from './password.ts';
import { companies, memberships, users } from './schema.ts';

type TUserInsert = typeof users.$inferInsert;
type TCompanyInsert = typeof companies.$inferInsert;

const unique = () => randomBytes(4).toString('hex');

export async function createUser(
  db: TDb,
  overrides: Partial<TUserInsert> & { password?: string; verified?: boolean } = {},
) {
  const { password = 'password123', verified = true, ...rest } = overrides;
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@acme-test.com`,
      firstName: 'Test',
      lastName: 'User',
      passwordHash: await hashPassword(password),
      emailVerifiedAt: verified ? new Date() : null,
      ...rest,
    })
    .returning();
  return { ...user!, password };
}

export async function createCompany(db: TDb, overrides: Partial<TCompanyInsert> = {}) {
  const suffix = unique();
  const [company] = await db
    .insert(companies)
    .values({
      name: `Company ${suffix}`,
      slug: `company-${suffix}`,
      industry: 'Technology',
      description: 'We build things people use every day.',
      location: { city: 'London', country: 'United Kingdom' },
      ...overrides,
    })
    .returning();
  return company!;
}

export async function addMember(db: TDb, input: { companyId: string; userId: string; role: 0 | 1 | 2 }) {
  const [row] = await db.insert(memberships).values(input).returning();
  return row!;
}
