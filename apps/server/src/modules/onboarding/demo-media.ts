import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { applications, companies, jobs } from '@hirecast/db/schema';
import { DEMO_COMPANY_SLUG } from '@hirecast/db/seed';
import { DEFAULT_VIDEO_QUESTION } from '@hirecast/domain/public-job';
import type { TContext } from '../../lib/context.ts';
import { newUploadKey } from '../../lib/storage/keys.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TVideoTools } from '../../lib/video/ffmpeg.ts';
import { storeSeededVideo, withSeedFolder } from '../assets/index.ts';
import { makeTitleCard } from './seed.ts';

// Issue 17 item 14: the demo company of a first start shows what the product is for. Its logo, a video on its
// first job and a few applicants with video introductions are made here by sharp and ffmpeg (no downloads),
// after the rows of packages/db/src/seed.ts, in the background as the onboarding videos are. The logo is
// written last: a demo company with a logo has its media, so a start that died before it tries again.

type TCtx = Pick<TContext, 'db' | 'storage' | 'queue' | 'log'>;

export const DEMO_JOB_VIDEO = {
  title: 'Barista at Northwind',
  captions: ['Meet the Northern Quarter team', 'Roasted by us, poured by you', 'Apply with a short video'],
};

export const DEMO_APPLICANTS = [
  {
    firstName: 'Grace',
    lastName: 'Okafor',
    email: 'grace.okafor@example.com',
    position: 'Barista',
    status: 'new',
    captions: ['Three years behind the bar', 'Latte art and early shifts', 'I love a busy Saturday'],
  },
  {
    firstName: 'Tom',
    lastName: 'Lindqvist',
    email: 'tom.lindqvist@example.com',
    position: 'Café assistant',
    status: 'shortlisted',
    captions: ['Student, weekends free', 'Trained on a La Marzocco', 'Curious about roasting'],
  },
  {
    firstName: 'Priya',
    lastName: 'Shah',
    email: 'priya.shah@example.com',
    position: 'Shift supervisor',
    status: 'interviewing',
    captions: ['I run the morning rush', 'Calm with regulars and queues', 'Ready for the next step'],
  },
] as const;

/** The demo logo: a roasted bean on the company's green, as a 512 px PNG. */
export function demoLogoPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="112" fill="#2E3733"/>
  <g transform="rotate(-30 256 256)">
    <ellipse cx="256" cy="256" rx="118" ry="168" fill="#B9773F"/>
    <path d="M256 96 C 206 176, 306 336, 256 416" stroke="#2E3733" stroke-width="22" fill="none"
      stroke-linecap="round"/>
  </g>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Makes the demo company's logo, job video and applicants with their video introductions when the demo
 * company is there without them. Answers whether it made them.
 */
export async function seedDemoMedia(ctx: TCtx, tools: () => TVideoTools): Promise<boolean> {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.slug, DEMO_COMPANY_SLUG));
  if (!company || company.logo) return false;
  const [firstJob] = await ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, company.id), eq(jobs.isFirstJob, true)))
    .orderBy(asc(jobs.order))
    .limit(1);
  const videoTools = tools();
  await withSeedFolder('demo', async (dir) => {
    const storeVideo = async (
      card: { title: string; captions: readonly string[] },
      name: string,
      row: { title: string; exclude: boolean },
    ) =>
      (
        await storeSeededVideo(ctx, {
          companyId: company.id,
          body: await makeTitleCard(videoTools, dir, card, name),
          row: { ...row, fileName: `${name}.mp4` },
        })
      ).id;
    if (firstJob && !firstJob.videoAssetId) {
      const assetId = await storeVideo(DEMO_JOB_VIDEO, 'demo-job', {
        title: `${firstJob.title}: meet the team`,
        exclude: false,
      });
      await ctx.db.update(jobs).set({ videoAssetId: assetId }).where(eq(jobs.id, firstJob.id));

      for (const [i, person] of DEMO_APPLICANTS.entries()) {
        const name = `${person.firstName} ${person.lastName}`;
        const videoAssetId = await storeVideo(
          { title: `Hi, I'm ${person.firstName}`, captions: person.captions },
          `demo-applicant-${i + 1}`,
          { title: `${name} — ${firstJob.title}`, exclude: true },
        );
        const inserted = await ctx.db
          .insert(applications)
          .values({
            jobId: firstJob.id,
            companyId: company.id,
            status: person.status,
            // A day apart, newest first as a real list would be.
            sentAt: new Date(Date.now() - (i + 1) * 86_400_000),
            firstName: person.firstName,
            lastName: person.lastName,
            email: person.email,
            position: person.position,
            location: 'Manchester, United Kingdom',
            videoQuestion: firstJob.videoQuestion ?? DEFAULT_VIDEO_QUESTION,
            videoAssetId,
            manageTokenHash: hashToken(newToken()),
          })
          .onConflictDoNothing({ target: [applications.jobId, applications.email] })
          .returning({ id: applications.id });
        if (inserted.length === 0) continue;
        await ctx.db
          .update(jobs)
          .set({ submittedApplications: firstJob.submittedApplications + i + 1 })
          .where(eq(jobs.id, firstJob.id));
      }
    }
    const logoKey = newUploadKey({ ownerId: company.id, ext: 'png', isPublic: true });
    await ctx.storage.put({ key: logoKey, body: await demoLogoPng(), contentType: 'image/png' });
    const logo = await ctx.storage.signGet({ key: logoKey });
    await ctx.db.update(companies).set({ logo }).where(eq(companies.id, company.id));
  });
  return true;
}
