import { randomBytes } from 'node:crypto';
import type { TDb } from './client.ts';
import { hashPassword } from './password.ts';
import { billingCustomers, companies, jobs, memberships, subscriptions, users } from './schema.ts';

type TUserInsert = typeof users.$inferInsert;
type TCompanyInsert = typeof companies.$inferInsert;
type TJobInsert = typeof jobs.$inferInsert;

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

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 8 random base62 characters (the form of a job's shortId). */
export function randomShortId(): string {
  let id = '';
  while (id.length < 8) {
    for (const byte of randomBytes(16)) {
      // 248 = 4 * 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && id.length < 8) id += BASE62[byte % 62];
    }
  }
  return id;
}

/** A closed job with the required fields filled (spec 1 §5) and the defaults of spec 1 §9. */
export async function createJob(db: TDb, overrides: Partial<TJobInsert> & { companyId: string }) {
  const [job] = await db
    .insert(jobs)
    .values({
      shortId: randomShortId(),
      title: `Barista ${unique()}`,
      postHeading: 'Join our friendly team',
      description: { ops: [{ insert: 'Make great coffee.\n' }] },
      location: { city: 'London', country: 'United Kingdom' },
      aiSettings: {
        isScreening: false,
        isShortlist: false,
        score: 4,
        isAutoShortlist: false,
        isAutoRejection: false,
        isDisableApplicantFeedbackDialog: true,
      },
      ...overrides,
    })
    .returning();
  return job!;
}

/**
 * A company on a paid plan, as the provider's events would leave it (a customer and an active subscription).
 * For tests of what a plan allows; billing's own tests go through the webhook instead.
 */
export async function createSubscription(
  db: TDb,
  input: { companyId: string; productId: string; priceId: string; jobs: number; status?: string },
) {
  const customerId = `cus_${unique()}${unique()}`;
  await db
    .insert(billingCustomers)
    .values({ companyId: input.companyId, stripeCustomerId: customerId })
    .onConflictDoNothing();
  const [row] = await db
    .insert(subscriptions)
    .values({
      companyId: input.companyId,
      stripeSubscriptionId: `sub_${unique()}${unique()}`,
      stripeCustomerId: customerId,
      stripeItemId: `si_${unique()}${unique()}`,
      productId: input.productId,
      priceId: input.priceId,
      jobs: input.jobs,
      status: input.status ?? 'active',
      lastEventAt: new Date(),
      lastEventRank: 0,
    })
    .returning();
  return row!;
}
