import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTeamMembers, jobTrackingEvents } from '@hirecast/db/schema';
import { addMember, createCompany, createUser } from '@hirecast/db/factories';
import { applyMessages } from '@hirecast/domain/application';
import { DEFAULT_VIDEO_QUESTION } from '@hirecast/domain/public-job';
import { hashToken } from '../../../src/lib/tokens.ts';
import { bearer, createTestApp } from '../../support/helper.ts';
import { sha256 } from '../../support/assets-support.ts';
import { makeClip } from '../../support/video-pipeline-support.ts';
import {
  apply,
  applicationRow,
  applyBody,
  assetRow,
  DOCX,
  docxBytes,
  emailsTo,
  manageToken,
  openJob,
  pdfBytes,
  putCandidateFile,
  uniqueEmail,
  uploadCandidateVideo,
} from '../../support/apply-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let clip: Uint8Array;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true', QUEUE_INPROCESS: 'false' });
  clip = makeClip({ width: 320, height: 240, seconds: 1, audio: true });
});
afterAll(() => t.close());

const stored = (key: string) => readFileSync(join(t.config.storage.localDir, key));
const tusFiles = () => readdirSync(join(t.config.dataDir, 'uploads-tus'));

describe('POST /api/public/job/{shortId}/apply', () => {
  it('saves a full application with a PDF through the signed URL and a video through tus', async () => {
    const { company, job, instantAdmin, dailyAdmin, adminToken } = await openJob(t.db, {
      videoQuestion: 'Why would you like to work with us?',
      customQuestion: 'When could you start?',
    });
    // The job team: an instant viewer on the team hears of it; an instant viewer of the company not on it
    // does not; nor does an instant admin of another company.
    const teamViewer = await createUser(t.db, { email: uniqueEmail('team'), digestType: 'instant' });
    await addMember(t.db, { companyId: company.id, userId: teamViewer.id, role: 0 });
    await t.db
      .insert(jobTeamMembers)
      .values({ jobId: job.id, companyId: company.id, email: teamViewer.email, userId: teamViewer.id });
    const otherViewer = await createUser(t.db, { email: uniqueEmail('viewer'), digestType: 'instant' });
    await addMember(t.db, { companyId: company.id, userId: otherViewer.id, role: 0 });
    const elsewhere = await createUser(t.db, { email: uniqueEmail('else'), digestType: 'instant' });
    await addMember(t.db, { companyId: (await createCompany(t.db)).id, userId: elsewhere.id, role: 2 });
    // The visit the tracking beacon recorded for this browser session, with its UTM values.
    const sessionId = 'session-0123456789';
    await t.db.insert(jobTrackingEvents).values({
      jobId: job.id,
      event: 'visit',
      sessionId,
      utmSource: 'linkedin',
      utmCampaign: 'spring',
      utmMedium: 'social',
    });

    const pdf = pdfBytes();
    const cvKey = await putCandidateFile(t.app, job.shortId, pdf);
    expect(cvKey).toMatch(new RegExp(`^uploads/${company.id}/[0-9a-f-]{36}\\.pdf$`));
    const { uploadId } = await uploadCandidateVideo(t.app, job.shortId, clip, 'my intro.mp4');
    expect(uploadId.startsWith(`${company.id}_`)).toBe(true);

    const email = uniqueEmail('grace');
    const experience = [
      { title: 'Engineer', employer: 'Navy', startDate: '2019-01', endDate: 'present', info: 'Compilers' },
    ];
    const education = [
      { field: 'Mathematics', school: 'Yale', degree: 'PhD', startDate: '2010-09', endDate: '2014-06' },
    ];
    const res = await apply(
      t.app,
      job.shortId,
      applyBody({
        email: email.toUpperCase(),
        position: 'Rear Admiral',
        location: 'Arlington',
        socialNetworkLink: 'https://www.linkedin.com/in/grace',
        experience,
        education,
        customQuestion: 'In two weeks',
        cv: { key: cvKey, fileName: 'grace-cv.pdf' },
        video: { uploadId },
        sessionId,
      }),
    );
    expect(res.statusCode).toBe(201);
    const { applicationId, message } = res.json().data;
    expect(message).toBe(applyMessages.submitted);

    const row = (await applicationRow(t.db, applicationId))!;
    expect(row).toMatchObject({
      jobId: job.id,
      companyId: company.id,
      status: 'new',
      firstName: 'Grace',
      lastName: 'Hopper',
      email,
      position: 'Rear Admiral',
      location: 'Arlington',
      socialNetworkLink: 'https://www.linkedin.com/in/grace',
      experience,
      education,
      customQuestion: 'In two weeks',
      videoQuestion: 'Why would you like to work with us?',
      cvKey,
      cvFileName: 'grace-cv.pdf',
      utmSource: 'linkedin',
      utmCampaign: 'spring',
      utmMedium: 'social',
      withdrawnAt: null,
    });
    expect(Math.abs(row.sentAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(stored(cvKey).equals(pdf)).toBe(true);

    // The video: a company video kept out of the library, with the uploaded bytes, queued for processing.
    const asset = (await assetRow(t.db, row.videoAssetId!))!;
    expect(asset).toMatchObject({
      companyId: company.id,
      ownerId: null,
      title: `Grace Hopper — ${job.title}`,
      fileName: 'my intro.mp4',
      status: 'new',
      exclude: true,
    });
    expect(asset.originalKey).toMatch(new RegExp(`^uploads/${company.id}/[0-9a-f-]{36}\\.mp4$`));
    expect(sha256(stored(asset.originalKey!))).toBe(sha256(clip));
    expect(tusFiles().filter((f) => f.startsWith(uploadId))).toEqual([]);
    const queued = await t.db.execute(sql`select data from pgboss.job where name = 'video.process'`);
    expect(queued.rows).toContainEqual({ data: { assetId: asset.id } });
    const library = await t.app.inject({
      method: 'GET',
      url: '/api/company/assets',
      headers: { ...bearer(adminToken), 'x-company-id': company.id },
    });
    expect(library.statusCode).toBe(200);
    expect(library.json().data.assets.map((a: { _id: string }) => a._id)).not.toContain(asset.id);

    // Stats: the job's counter and the submitted event of the session, with the visit's UTM values.
    const [counters] = await t.db
      .execute<{ submitted_applications: number }>(
        sql`select submitted_applications from jobs where id = ${job.id}`,
      )
      .then((r) => r.rows);
    expect(counters!.submitted_applications).toBe(1);
    const events = await t.db
      .select()
      .from(jobTrackingEvents)
      .where(and(eq(jobTrackingEvents.jobId, job.id), eq(jobTrackingEvents.event, 'apply_submitted')));
    expect(events).toEqual([
      expect.objectContaining({
        sessionId,
        utmSource: 'linkedin',
        utmCampaign: 'spring',
        utmMedium: 'social',
      }),
    ]);

    // The candidate's confirmation with the private link, whose token is stored hashed.
    const [confirmation] = await emailsTo(t.db, email);
    expect(confirmation!.subject).toBe(`Your application for ${job.title} at ${company.name}`);
    const token = await manageToken(t.db, email);
    expect(confirmation!.text).toContain(`http://localhost:3000/application/${token}`);
    expect(confirmation!.html).toContain(`http://localhost:3000/application/${token}`);
    expect(row.manageTokenHash).toBe(hashToken(token));
    expect(row.manageTokenHash).not.toContain(token);

    // The team, per digestType: instant now (admins and job managers, and the job team).
    const viewLink = `http://localhost:3000/applications/${job.id}/${applicationId}/view`;
    for (const to of [instantAdmin.email, teamViewer.email]) {
      const [notice] = await emailsTo(t.db, to);
      expect(notice?.subject).toBe(`New application for ${job.title}: Grace Hopper`);
      expect(notice!.text).toContain(viewLink);
    }
    for (const to of [dailyAdmin.email, otherViewer.email, elsewhere.email])
      expect(await emailsTo(t.db, to)).toEqual([]);
  });

  it('takes an application without a video when the job makes it optional', async () => {
    const { job } = await openJob(t.db, { isVideoOptional: true });
    const body = applyBody();
    const res = await apply(t.app, job.shortId, body);
    expect(res.statusCode).toBe(201);
    const row = (await applicationRow(t.db, res.json().data.applicationId))!;
    expect(row).toMatchObject({ videoAssetId: null, videoQuestion: null, cvKey: null, utmSource: null });
    // Without a session id the submitted event is keyed by the application, so it still counts.
    const events = await t.db
      .select()
      .from(jobTrackingEvents)
      .where(and(eq(jobTrackingEvents.jobId, job.id), eq(jobTrackingEvents.event, 'apply_submitted')));
    expect(events.map((e) => e.sessionId)).toEqual([row.id]);
  });

  it('takes a DOCX CV and a recording PUT through the signed URL, with the default question', async () => {
    const { job } = await openJob(t.db, { videoQuestion: null });
    const cvKey = await putCandidateFile(t.app, job.shortId, docxBytes(), DOCX);
    expect(cvKey).toMatch(/\.docx$/);
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4000, 1)]);
    const videoKey = await putCandidateFile(t.app, job.shortId, webm, 'video/webm');
    expect(videoKey).toMatch(/\.webm$/);
    const res = await apply(
      t.app,
      job.shortId,
      applyBody({ cv: { key: cvKey, fileName: 'cv.docx' }, video: { key: videoKey } }),
    );
    expect(res.statusCode).toBe(201);
    const row = (await applicationRow(t.db, res.json().data.applicationId))!;
    expect(row.videoQuestion).toBe(DEFAULT_VIDEO_QUESTION);
    const asset = (await assetRow(t.db, row.videoAssetId!))!;
    expect(asset).toMatchObject({ originalKey: videoKey, exclude: true, fileName: 'recording.webm' });
  });

  it('escapes what the candidate typed in the emails', async () => {
    const { job, instantAdmin } = await openJob(t.db, { isVideoOptional: true });
    const email = uniqueEmail();
    const res = await apply(
      t.app,
      job.shortId,
      applyBody({ email, firstName: '<img src=x onerror=alert(1)>', lastName: 'O"Brien & <b>Co</b>' }),
    );
    expect(res.statusCode).toBe(201);
    for (const to of [email, instantAdmin.email]) {
      const [mail] = await emailsTo(t.db, to);
      expect(mail!.html).not.toContain('<img src=x');
      expect(mail!.html).not.toContain('<b>Co</b>');
    }
    const [notice] = await emailsTo(t.db, instantAdmin.email);
    expect(notice!.html).toContain(
      '&lt;img src=x onerror=alert(1)&gt; O&quot;Brien &amp; &lt;b&gt;Co&lt;/b&gt;',
    );
  });
});

describe('OpenAPI', () => {
  it('documents the candidate routes under the public tag with their schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = res.json() as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown; responses?: object }>>;
    };
    const routes = [
      ['/api/public/signed-url', 'get'],
      ['/api/public/uploads', 'post'],
      ['/api/public/uploads/{id}', 'patch'],
      ['/api/public/job/{shortId}/apply', 'post'],
      ['/api/public/application/{token}', 'get'],
      ['/api/public/application/{token}/withdraw', 'post'],
      ['/api/public/application/{token}', 'delete'],
    ] as const;
    for (const [path, method] of routes) expect(paths[path]?.[method]?.tags).toEqual(['public']);
    const applyDoc = paths['/api/public/job/{shortId}/apply']!.post!;
    expect(JSON.stringify(applyDoc.requestBody)).toContain('socialNetworkLink');
    expect(Object.keys(applyDoc.responses!)).toContain('201');
  });
});
