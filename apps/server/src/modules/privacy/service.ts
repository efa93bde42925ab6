import { and, desc, eq } from 'drizzle-orm';
import { applicationRetention, applications, companyPrivacySettings, jobs, users } from '@hirecast/db/schema';
import { ROLES } from '@hirecast/domain/constants';
import {
  privacyMessages,
  type TApplicationPrivacy,
  type TRetentionRules,
  type ZUpdatePrivacySettingsRequest,
} from '@hirecast/domain/privacy';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { recordAudit } from '../../lib/privacy-audit.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { runPendingErasure } from './pending-erasure.ts';
import { previewRules, readRules } from './rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError('NOT_FOUND', 'Application not found');

/** Settings › Privacy and every erasure or export across applications: admins only (spec 1 §6 roles). */
export function assertAdmin(scope: TCompanyScope) {
  if (scope.role < ROLES.admin) throw new AppError('FORBIDDEN', privacyMessages.adminsOnly);
}

export async function getPrivacySettings(db: TContext['db'], scope: TCompanyScope) {
  assertAdmin(scope);
  return readRules(db, scope.companyId);
}

export async function updatePrivacySettings(
  db: TContext['db'],
  scope: TCompanyScope,
  body: z.output<typeof ZUpdatePrivacySettingsRequest>,
) {
  assertAdmin(scope);
  const values = {
    rejectedMonths: body.rejectedMonths,
    inactiveMonths: body.inactiveMonths,
    hiredMonths: body.hiredMonths,
    rejectedAction: body.rejectedAction,
    inactiveAction: body.inactiveAction,
    hiredAction: body.hiredAction,
    privacyPolicyUrl: body.privacyPolicyUrl,
    updatedAt: new Date(),
  };
  await db
    .insert(companyPrivacySettings)
    .values({ companyId: scope.companyId, ...values })
    .onConflictDoUpdate({ target: companyPrivacySettings.companyId, set: values });
  return getPrivacySettings(db, scope);
}

export async function previewPrivacyRules(db: TContext['db'], scope: TCompanyScope, rules: TRetentionRules) {
  assertAdmin(scope);
  return previewRules(db, { companyId: scope.companyId, rules });
}

async function findOwn(db: TContext['db'], scope: TCompanyScope, id: string) {
  if (!UUID.test(id)) throw notFound();
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, id), eq(applications.companyId, scope.companyId)));
  if (!row) throw notFound();
  return row;
}

/** The applicant page's privacy panel: hold, anonymisation, warning and renewal (any member may read it). */
export async function getApplicationPrivacy(
  db: TContext['db'],
  scope: TCompanyScope,
  id: string,
): Promise<TApplicationPrivacy> {
  await findOwn(db, scope, id);
  const [row] = await db
    .select({ r: applicationRetention, firstName: users.firstName, lastName: users.lastName })
    .from(applicationRetention)
    .leftJoin(users, eq(users.id, applicationRetention.holdBy))
    .where(eq(applicationRetention.applicationId, id));
  const r = row?.r;
  return {
    hold: r?.holdAt
      ? {
          reason: r.holdReason ?? '',
          at: r.holdAt.toISOString(),
          by: row?.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null,
        }
      : null,
    anonymisedAt: r?.anonymisedAt?.toISOString() ?? null,
    warnedAt: r?.warnedAt?.toISOString() ?? null,
    consentRenewedAt: r?.consentRenewedAt?.toISOString() ?? null,
    erasureRequestedAt: r?.erasureRequestedAt?.toISOString() ?? null,
  };
}

/**
 * Puts an application on legal hold (kept until released) or releases it; admins only, recorded in the audit. A
 * release runs the erasure the candidate asked for while it was held (issue 33): the answer then says so.
 */
export async function setLegalHold(
  ctx: Pick<TContext, 'db' | 'storage' | 'log'>,
  input: {
    scope: TCompanyScope;
    user: { id: string; firstName: string; lastName: string };
    id: string;
    reason: string | null;
    ip: string | null;
  },
): Promise<TApplicationPrivacy> {
  const { db } = ctx;
  assertAdmin(input.scope);
  await findOwn(db, input.scope, input.id);
  const now = new Date();
  const hold = input.reason
    ? { holdReason: input.reason, holdAt: now, holdBy: input.user.id }
    : { holdReason: null, holdAt: null, holdBy: null };
  await db
    .insert(applicationRetention)
    .values({ applicationId: input.id, ...hold })
    .onConflictDoUpdate({ target: applicationRetention.applicationId, set: hold });
  await recordAudit(db, {
    companyId: input.scope.companyId,
    applicationId: input.id,
    action: input.reason ? 'hold' : 'hold_released',
    actor: { id: input.user.id, name: `${input.user.firstName} ${input.user.lastName}`.trim() },
    ip: input.ip,
  });
  if (!input.reason && (await runPendingErasure(ctx, input.id)))
    return {
      hold: null,
      anonymisedAt: null,
      warnedAt: null,
      consentRenewedAt: null,
      erasureRequestedAt: null,
      erasedOnRelease: true,
    };
  return getApplicationPrivacy(db, input.scope, input.id);
}

/** Every application of one email address across the company's jobs (subject access, erasure at once). */
export async function findApplicationsByEmail(db: TContext['db'], scope: TCompanyScope, email: string) {
  assertAdmin(scope);
  const rows = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      status: applications.status,
      sentAt: applications.sentAt,
      anonymisedAt: applicationRetention.anonymisedAt,
      holdAt: applicationRetention.holdAt,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .leftJoin(applicationRetention, eq(applicationRetention.applicationId, applications.id))
    .where(
      and(eq(applications.companyId, scope.companyId), eq(applications.email, email.trim().toLowerCase())),
    )
    .orderBy(desc(applications.sentAt));
  return rows.map((r) => ({
    _id: r.id,
    jobId: r.jobId,
    jobTitle: r.jobTitle,
    status: r.status,
    sentAt: r.sentAt.toISOString(),
    anonymised: r.anonymisedAt !== null,
    onHold: r.holdAt !== null,
  }));
}

/** The public notice of the apply form: how long the company keeps applications and its policy link. */
export async function publicPrivacyNotice(db: TContext['db'], companyId: string) {
  const rules = await readRules(db, companyId);
  return {
    rejectedMonths: rules.rejectedMonths,
    inactiveMonths: rules.inactiveMonths,
    hiredMonths: rules.hiredMonths,
    privacyPolicyUrl: rules.privacyPolicyUrl,
  };
}
