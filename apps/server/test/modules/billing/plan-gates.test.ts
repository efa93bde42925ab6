import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets } from '@hirecast/db/schema';
import { createJob } from '@hirecast/db/factories';
import { applyMessages } from '@hirecast/domain/application';
import { jobMessages } from '@hirecast/domain/job-messages';
import type { TPlanCapability } from '@hirecast/domain/plan';
import type { TPublicJob } from '@hirecast/domain/public-job';
import { createTestApp } from '../../support/helper.ts';
import {
  apply,
  applicationRow,
  applyBody,
  openCandidateUpload,
  pdfBytes,
  putCandidateFile,
  signedUrl,
  snapshot,
  uploadCandidateVideo,
} from '../../support/apply-support.ts';
import { APPLICATIONS, COMPLETE, JOB_POSTS, onPaidPlan } from '../../support/billing-support.ts';
import { jobApi, jobRow, validJob, type TActor } from '../../support/jobs-support.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { SITE_TEST_ENV } from '../../support/site-support.ts';
import { makeClip } from '../../support/video-pipeline-support.ts';

// Issue 23 item 2: every plan feature enforced wherever it is sold. Each plan of the default catalogue (and no
// plan: the free plan) × each gated capability, through the API: what the plan sells is taken, what it does
// not is refused with the spec's message and changes nothing. The expectations are written out here, not
// read from the domain table, so a wrong row in the table fails this test.

let t: Awaited<ReturnType<typeof createTestApp>>;
let api: ReturnType<typeof jobApi>;
let clip: Uint8Array;
beforeAll(async () => {
  t = await createTestApp({ ...SITE_TEST_ENV, RATE_LIMIT_DISABLED: 'true', QUEUE_INPROCESS: 'false' });
  api = jobApi(t.app);
  clip = makeClip({ width: 320, height: 240, seconds: 1, audio: false });
});
afterAll(() => t.close());

type TExpect = Record<TPlanCapability | 'blurredJobVideo', boolean>;
const PLANS: { name: string; product: typeof COMPLETE | null; expect: TExpect }[] = [
  {
    name: 'Free (no plan)',
    product: null,
    expect: {
      jobVideo: true,
      additionalVideos: true,
      videoQuestion: true,
      customQuestion: true,
      redirectCandidates: true,
      introVideo: true,
      blurredJobVideo: false,
    },
  },
  {
    name: 'Video First Job Posts',
    product: JOB_POSTS,
    expect: {
      jobVideo: true,
      additionalVideos: true,
      videoQuestion: false,
      customQuestion: false,
      redirectCandidates: false,
      introVideo: false,
      blurredJobVideo: false,
    },
  },
  {
    name: 'Video First Applications',
    product: APPLICATIONS,
    expect: {
      jobVideo: false,
      additionalVideos: false,
      videoQuestion: true,
      customQuestion: true,
      redirectCandidates: true,
      introVideo: true,
      blurredJobVideo: true,
    },
  },
  {
    name: 'Video First Complete',
    product: COMPLETE,
    expect: {
      jobVideo: true,
      additionalVideos: true,
      videoQuestion: true,
      customQuestion: true,
      redirectCandidates: true,
      introVideo: true,
      blurredJobVideo: false,
    },
  },
];

/** An admin of a fresh company on `product` (none: the free plan), with an open job. */
async function companyOn(product: typeof COMPLETE | null) {
  const admin = await companyWithMember(t.db, 2);
  if (product) await onPaidPlan(t.db, admin.company.id, 3, product);
  const job = await createJob(t.db, {
    companyId: admin.company.id,
    status: 'open',
    publishedAt: new Date(),
    isVideoOptional: true,
  });
  return { admin, job };
}

async function libraryVideo(companyId: string) {
  const [row] = await t.db
    .insert(videoAssets)
    .values({ companyId, title: 'Meet the team', fileName: 'team.mp4', status: 'prepared' })
    .returning();
  return row!;
}

const VIDEO_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const ATS = 'https://ats.example.com/apply/123';

type TJobRow = NonNullable<Awaited<ReturnType<typeof jobRow>>>;
type TProbe = {
  /** Asks for the capability through the employer's job API. */
  patch: (actor: TActor) => Promise<Record<string, unknown>>;
  field: string;
  message: string;
  /** The part of the stored job the request would change. */
  stored: (row: TJobRow) => unknown;
};

// Each capability the job editor asks for, as the API takes it (spec 1 §5/§6/§8).
const JOB_PROBES: Partial<Record<TPlanCapability, TProbe>> = {
  jobVideo: {
    patch: async () => ({ _video: VIDEO_LINK }),
    field: '_video',
    message: jobMessages.planNoVideo,
    stored: (row) => [row.video, row.videoAssetId],
  },
  additionalVideos: {
    patch: async (actor) => ({ additionalVideos: [(await libraryVideo(actor.company.id)).id] }),
    field: 'additionalVideos',
    message: jobMessages.planNoVideo,
    stored: (row) => row.additionalVideos,
  },
  videoQuestion: {
    patch: async () => ({ videoQuestion: 'What makes a great cup of coffee?' }),
    field: 'videoQuestion',
    message: jobMessages.planVideoApplications,
    stored: (row) => row.videoQuestion,
  },
  customQuestion: {
    patch: async () => ({ customQuestion: 'When could you start?' }),
    field: 'customQuestion',
    message: jobMessages.planVideoApplications,
    stored: (row) => row.customQuestion,
  },
  redirectCandidates: {
    patch: async () => ({ customApplication: true, customApplicationURL: ATS }),
    field: 'customApplication',
    message: jobMessages.planVideoApplications,
    stored: (row) => [row.customApplication, row.customApplicationUrl],
  },
};

describe.each(PLANS)('on $name', ({ product, expect: allowed }) => {
  it.each(Object.keys(JOB_PROBES) as TPlanCapability[])(
    'the job API takes or refuses %s as the plan sells it',
    async (capability) => {
      const probe = JOB_PROBES[capability]!;
      const { admin, job } = await companyOn(product);
      const before = probe.stored((await jobRow(t.db, job.id))!);
      const body = await probe.patch(admin);

      const updated = await api.patch(admin, job.id, body);
      const created = await api.create(admin, validJob(body));
      if (allowed[capability]) {
        expect(updated.statusCode, updated.body).toBe(200);
        expect(probe.stored((await jobRow(t.db, job.id))!)).not.toEqual(before);
        expect(created.statusCode, created.body).toBe(201);
        return;
      }
      for (const res of [updated, created]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error).toMatchObject({
          message: probe.message,
          fields: { [probe.field]: probe.message },
        });
      }
      expect(probe.stored((await jobRow(t.db, job.id))!)).toEqual(before);
    },
  );

  it('the public apply API takes or refuses a video introduction as the plan sells it', async () => {
    const { job } = await companyOn(product);
    const signed = await signedUrl(t.app, job.shortId, 'video/mp4');
    const tus = await openCandidateUpload(t.app, { shortId: job.shortId, size: clip.length });
    if (allowed.introVideo) {
      expect(signed.statusCode, signed.body).toBe(200);
      expect(tus.statusCode, tus.body).toBe(201);
      const { uploadId } = await uploadCandidateVideo(t.app, job.shortId, clip);
      const res = await apply(t.app, job.shortId, applyBody({ video: { uploadId } }));
      expect(res.statusCode, res.body).toBe(201);
      expect((await applicationRow(t.db, res.json().data.applicationId))!.videoAssetId).not.toBeNull();
      return;
    }
    for (const res of [signed, tus]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.message).toBe(applyMessages.videoNotOffered);
    }
    const before = await snapshot(t.db, job.id);
    const res = await apply(
      t.app,
      job.shortId,
      applyBody({ video: { uploadId: `${job.companyId}_00000000-0000-4000-8000-000000000000` } }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      message: applyMessages.videoNotOffered,
      fields: { video: applyMessages.videoNotOffered },
    });
    expect(await snapshot(t.db, job.id)).toEqual(before);
  });

  it('the public job says what the apply flow asks, and whether the video is blurred', async () => {
    const { admin } = await companyOn(product);
    // A job set up on the free plan, before the company chose this one: every gated field filled in.
    const job = await createJob(t.db, {
      companyId: admin.company.id,
      status: 'open',
      publishedAt: new Date(),
      isVideoOptional: false,
      video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      videoQuestion: 'What makes a great cup of coffee?',
      customQuestion: 'When could you start?',
      customApplication: true,
      customApplicationUrl: ATS,
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/job/${job.shortId}` });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as TPublicJob;
    expect(data.planFeatures).toEqual({
      videoJobPosts: allowed.jobVideo,
      videoApplications: allowed.introVideo,
      preLaunch: allowed.blurredJobVideo,
    });
    expect(data.isVideoOptional).toBe(!allowed.introVideo);
    expect(data.customQuestion).toBe(allowed.customQuestion ? 'When could you start?' : null);
    expect(data.applyUrl).toBe(allowed.redirectCandidates ? ATS : null);
    // The video a job already has stays on its page (only adding one is refused).
    expect(data.video).toEqual({ kind: 'embed', url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' });

    // A job that redirects takes no application here; on a plan without redirects it takes one with a CV,
    // without the video it required and without an answer to its custom question.
    const cvKey = allowed.redirectCandidates ? null : await putCandidateFile(t.app, job.shortId, pdfBytes());
    const applied = await apply(
      t.app,
      job.shortId,
      applyBody({ cv: cvKey && { key: cvKey, fileName: 'cv.pdf' } }),
    );
    if (allowed.redirectCandidates) {
      expect(applied.statusCode, applied.body).toBe(409);
      expect(applied.json().error.message).toBe(applyMessages.applyElsewhere);
    } else {
      expect(applied.statusCode, applied.body).toBe(201);
      const row = (await applicationRow(t.db, applied.json().data.applicationId))!;
      expect(row).toMatchObject({ cvKey, videoAssetId: null, customQuestion: null });
    }
  });
});

describe('keeping and clearing what a plan no longer sells', () => {
  it('a job keeps its video and questions after a downgrade, may clear them, and a copy leaves them out', async () => {
    const { admin } = await companyOn(APPLICATIONS);
    const job = await createJob(t.db, {
      companyId: admin.company.id,
      video: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    // Sending the video the job already has is not adding one.
    const same = await api.patch(admin, job.id, { _video: VIDEO_LINK, title: 'Roaster' });
    expect(same.statusCode, same.body).toBe(200);
    const copy = await api.copy(admin, job.id);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().data._video).toBeNull();
    const cleared = await api.patch(admin, job.id, { _video: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await jobRow(t.db, job.id))!.video).toBeNull();

    const { admin: cvOnly } = await companyOn(JOB_POSTS);
    const asking = await createJob(t.db, {
      companyId: cvOnly.company.id,
      customQuestion: 'When could you start?',
      customApplication: true,
      customApplicationUrl: ATS,
    });
    const copied = await api.copy(cvOnly, asking.id);
    expect(copied.statusCode, copied.body).toBe(201);
    expect(copied.json().data).toMatchObject({ customQuestion: null, customApplication: false });
    const off = await api.patch(cvOnly, asking.id, { customQuestion: null, customApplication: false });
    expect(off.statusCode, off.body).toBe(200);
  });
});
