import { and, arrayContains, asc, eq, inArray } from 'drizzle-orm';
import {
  applicationConsents,
  applicationHistory,
  applicationMarks,
  applicationNotes,
  applicationRetention,
  applications,
  dataExports,
  interviewAnswers,
  jobs,
  outboxEmails,
  videoAssets,
} from '@hirecast/db/schema';
import { parseKey } from '../../lib/storage/keys.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { applicationUploadKeys, releaseApplicationUploads } from '../applications/index.ts';
import { storedKeys } from '../assets/index.ts';
import type { TCandidateDataContributor, TCandidateFile } from './contributors.ts';

// The contributors of what the core product holds about a candidate (decision 029 lists what each keeps).

const iso = (d: Date | null) => d?.toISOString() ?? null;
const CANDIDATE = '[candidate]';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces every mention (case-insensitive, longest first) with "[candidate]". */
export function scrubMentions(text: string, mentions: string[]): string {
  const terms = [...new Set(mentions.map((m) => m.trim()).filter((m) => m.length >= 2))].sort(
    (a, b) => b.length - a.length,
  );
  if (terms.length === 0) return text;
  return text.replace(new RegExp(terms.map(escape).join('|'), 'gi'), CANDIDATE);
}

const extOf = (key: string) => parseKey(key)?.ext ?? 'bin';

/** The application itself: details, answers, status and dates, the CV and the video introduction. */
const applicationContributor: TCandidateDataContributor = {
  name: 'application',
  async collect(ctx, a) {
    const [job] = await ctx.db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, a.jobId));
    const [video] = a.videoAssetId
      ? await ctx.db.select().from(videoAssets).where(eq(videoAssets.id, a.videoAssetId))
      : [];
    const files: TCandidateFile[] = [];
    if (a.cvKey) files.push({ path: `cv/${a.cvFileName ?? `cv.${extOf(a.cvKey)}`}`, key: a.cvKey });
    const videoKey = video
      ? [video.data.videoMp4Url_720p, video.data.videoMp4Url, video.originalKey].find(
          (k): k is string => typeof k === 'string' && parseKey(k) !== null,
        )
      : undefined;
    if (videoKey) files.push({ path: `video/introduction.${extOf(videoKey)}`, key: videoKey });
    return {
      data: {
        id: a.id,
        job: job?.title ?? null,
        status: a.status,
        sentAt: iso(a.sentAt),
        withdrawnAt: iso(a.withdrawnAt),
        details: {
          firstName: a.firstName,
          lastName: a.lastName,
          email: a.email,
          position: a.position,
          location: a.location,
          socialNetworkLink: a.socialNetworkLink,
        },
        answers: {
          experience: a.experience,
          education: a.education,
          customQuestion: a.customQuestion,
          videoQuestion: a.videoQuestion,
        },
        cvFileName: a.cvFileName,
        source: { utmSource: a.utmSource, utmCampaign: a.utmCampaign, utmMedium: a.utmMedium },
        screening: {
          aiFitScore: a.aiFitScore,
          aiFitReasons: a.aiFitReasons,
          at: iso(a.screeningProcessDate),
        },
      },
      files,
    };
  },
  async erase(tx, { application: a, mode }) {
    const [asset] = a.videoAssetId
      ? await tx.delete(videoAssets).where(eq(videoAssets.id, a.videoAssetId)).returning()
      : [];
    const keys = [...(a.cvKey ? [a.cvKey] : []), ...(asset ? storedKeys(asset) : [])];
    if (mode === 'anonymise')
      // Kept for statistics: status, dates, job and source. The private link stops working.
      await tx
        .update(applications)
        .set({
          firstName: 'Anonymised',
          lastName: 'candidate',
          email: `anonymised-${a.id}@anonymised.invalid`,
          position: null,
          location: null,
          socialNetworkLink: null,
          experience: [],
          education: [],
          customQuestion: null,
          cvKey: null,
          cvFileName: null,
          videoAssetId: null,
          aiFitReasons: null,
          manageTokenHash: hashToken(newToken()),
        })
        .where(eq(applications.id, a.id));
    return keys;
  },
};

/** The team's notes, marks and the history (statuses, letters): mentions of the candidate are scrubbed. */
const activityContributor: TCandidateDataContributor = {
  name: 'activity',
  async collect(ctx, a) {
    const [history, notes, marks] = await Promise.all([
      ctx.db
        .select()
        .from(applicationHistory)
        .where(eq(applicationHistory.applicationId, a.id))
        .orderBy(asc(applicationHistory.createdAt)),
      ctx.db
        .select()
        .from(applicationNotes)
        .where(eq(applicationNotes.applicationId, a.id))
        .orderBy(asc(applicationNotes.createdAt)),
      ctx.db.select().from(applicationMarks).where(eq(applicationMarks.applicationId, a.id)),
    ]);
    return {
      data: {
        statuses: history
          .filter((h) => h.eventName === 'statusChanged')
          .map((h) => ({ status: h.details.status ?? null, by: h.actorName, at: iso(h.createdAt) })),
        history: history.map((h) => ({
          event: h.eventName,
          by: h.actorName,
          title: h.details.title ?? null,
          text: h.details.text ?? null,
          at: iso(h.createdAt),
        })),
        notes: notes.map((n) => ({ text: n.text, isFeedback: n.isFeedback, at: iso(n.createdAt) })),
        marks: marks.map((m) => ({ mark: m.mark, at: iso(m.updatedAt) })),
      },
      files: [],
    };
  },
  async erase(tx, { application: a, mode, mentions }) {
    if (mode === 'delete') return []; // removed with the application
    const notes = await tx.select().from(applicationNotes).where(eq(applicationNotes.applicationId, a.id));
    for (const note of notes) {
      const text = scrubMentions(note.text, mentions);
      if (text !== note.text)
        await tx.update(applicationNotes).set({ text }).where(eq(applicationNotes.id, note.id));
    }
    const items = await tx
      .select()
      .from(applicationHistory)
      .where(eq(applicationHistory.applicationId, a.id));
    for (const item of items) {
      const details = {
        ...item.details,
        ...(item.details.title && { title: scrubMentions(item.details.title, mentions) }),
        ...(item.details.text && { text: scrubMentions(item.details.text, mentions) }),
      };
      if (JSON.stringify(details) !== JSON.stringify(item.details))
        await tx.update(applicationHistory).set({ details }).where(eq(applicationHistory.id, item.id));
    }
    return [];
  },
};

/** Every email sent to the candidate (the outbox keeps its copy): listed, and removed by either erasure. */
const emailContributor: TCandidateDataContributor = {
  name: 'emails',
  async collect(ctx, a) {
    const rows = await ctx.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.applicationId, a.id), eq(outboxEmails.to, a.email)))
      .orderBy(asc(outboxEmails.createdAt));
    return {
      data: rows.map((e) => ({ to: e.to, subject: e.subject, text: e.text, at: iso(e.createdAt) })),
      files: [],
    };
  },
  async erase(tx, { application: a }) {
    await tx.delete(outboxEmails).where(eq(outboxEmails.applicationId, a.id));
    return [];
  },
};

/** Consent records and the retention state (no personal data: dates only, kept by an anonymisation). */
const consentContributor: TCandidateDataContributor = {
  name: 'consents',
  async collect(ctx, a) {
    const [consents, [retention]] = await Promise.all([
      ctx.db
        .select()
        .from(applicationConsents)
        .where(eq(applicationConsents.applicationId, a.id))
        .orderBy(asc(applicationConsents.createdAt)),
      ctx.db.select().from(applicationRetention).where(eq(applicationRetention.applicationId, a.id)),
    ]);
    return {
      data: {
        givenAt: iso(a.sentAt),
        renewals: consents.map((c) => ({ kind: c.kind, at: iso(c.createdAt), until: iso(c.until) })),
        retentionWarningSentAt: iso(retention?.warnedAt ?? null),
        legalHold: retention?.holdAt ? { reason: retention.holdReason, since: iso(retention.holdAt) } : null,
      },
      files: [],
    };
  },
  async erase() {
    return [];
  },
};

/** Exports prepared earlier: their ZIPs hold the candidate's data too. */
const exportContributor: TCandidateDataContributor = {
  name: 'exports',
  async collect() {
    return { data: undefined, files: [] };
  },
  async erase(tx, { application: a }) {
    const rows = await tx
      .delete(dataExports)
      .where(arrayContains(dataExports.applicationIds, [a.id]))
      .returning({ fileKey: dataExports.fileKey });
    return rows.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
  },
};

/**
 * Issue 33: every file the candidate uploaded belongs to the application: the ones another part already lists
 * (the CV sent, an interview's file answers) and the others (a CV replaced before sending), exported here.
 */
const uploadsContributor: TCandidateDataContributor = {
  name: 'uploads',
  async collect(ctx, a) {
    const keys = await applicationUploadKeys(ctx.db, a.id);
    const answered =
      keys.length > 0
        ? await ctx.db
            .select({ key: interviewAnswers.fileKey })
            .from(interviewAnswers)
            .where(inArray(interviewAnswers.fileKey, keys))
        : [];
    const listed = new Set([a.cvKey, ...answered.map((r) => r.key)]);
    const others = keys.filter((k) => !listed.has(k));
    return {
      data: others.length > 0 ? { otherFiles: others.length } : undefined,
      files: others.map((key, i) => ({ path: `uploads/other-upload-${i + 1}.${extOf(key)}`, key })),
    };
  },
  async erase(tx, { application: a }) {
    return releaseApplicationUploads(tx, a.id);
  },
};

export const CORE_CONTRIBUTORS: readonly TCandidateDataContributor[] = [
  applicationContributor,
  activityContributor,
  emailContributor,
  consentContributor,
  exportContributor,
  uploadsContributor,
];
