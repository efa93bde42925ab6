import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { outboxEmails, users } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TApp } from '../../src/app.ts';

// Shared by the accounts*.test.ts files: sign-up over the API and reading links out of the outbox.

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomBytes(4).toString('hex')}@acme-test.com`;

export const signUpBody = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail(),
  password: 'secret123',
  firstName: 'Ada',
  lastName: 'Lovelace',
  ...overrides,
});

export async function signUp(app: TApp, overrides: Record<string, unknown> = {}) {
  const body = signUpBody(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/manager/signup/email', payload: body });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const json = res.json();
  return { body, token: json.data['access-token'] as string, manager: json.data.manager };
}

export async function emailsTo(db: TDb, to: string) {
  return db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));
}

// The token in the query parameter `param` of the link in the newest email to `to`.
export async function tokenFromEmail(db: TDb, to: string, param: 'verify-token' | 'reset-token') {
  const [email] = await emailsTo(db, to);
  if (!email) throw new Error(`no email to ${to}`);
  const link = email.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error('no link in the email');
  const url = new URL(link);
  const token = url.searchParams.get(param);
  if (!token) throw new Error(`no ${param} in ${link}`);
  return { token, url, email };
}

export async function userByEmail(db: TDb, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

export const countUsers = async (db: TDb) => (await db.select({ id: users.id }).from(users)).length;
