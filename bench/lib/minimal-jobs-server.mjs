// The yardstick of bench:jobs (issue 12 item 3): the least a server can do for GET /api/job. Fastify and `pg`,
// one SQL round trip that checks the session and the membership of X-Company-Id and reads the jobs with the
// company name, the rows mapped to the API's answer in plain JavaScript and sent with JSON.stringify. No zod,
// no logging, no compression. Started as its own process by jobs-list.mjs.
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { jobLinkData } from '@hirecast/domain/share-url';

export async function startMinimalServer({ databaseUrl, port }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  const listSql = `
    select j.*, c.name as company_name
    from sessions s
    join memberships m on m.user_id = s.user_id and m.company_id = $2
    join companies c on c.id = m.company_id
    left join jobs j on j.company_id = c.id
    where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()
    order by j.is_first_job desc, j."order" asc, j.created_at asc, j.id asc`;
  app.get('/api/job', async (request, reply) => {
    const token = request.headers.authorization?.slice(7) ?? '';
    const companyId = request.headers['x-company-id'];
    const hash = createHash('sha256').update(token).digest('hex');
    const { rows } = await pool.query(listSql, [hash, companyId]);
    if (rows.length === 0) return reply.code(401).send({ error: { code: 'UNAUTHORIZED' } });
    const data = rows.filter((r) => r.id !== null).map(toJob);
    return reply.type('application/json').send(JSON.stringify({ data }));
  });
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}

const iso = (d) => (d ? d.toISOString() : null);

function toJob(r) {
  return {
    _id: r.id,
    _company: r.company_id,
    shortId: r.short_id,
    title: r.title,
    status: r.status,
    publishedAt: iso(r.published_at),
    location: r.location,
    postHeading: r.post_heading,
    description: r.description,
    image: r.image,
    _video: r.video,
    employmentType: r.employment_type,
    locationType: r.location_type,
    salary: r.salary,
    isHiringNow: r.is_hiring_now,
    showOtherJobs: r.show_other_jobs,
    showAdditionalVideos: r.show_additional_videos,
    additionalVideos: [],
    hideLocation: r.hide_location,
    isAgencyIncluded: r.is_agency_included,
    customApplication: r.custom_application,
    customApplicationURL: r.custom_application_url,
    isExternalATSValidation: r.is_external_ats_validation,
    isVideoOptional: r.is_video_optional,
    videoQuestion: r.video_question,
    customQuestion: r.custom_question,
    aiSettings: r.ai_settings,
    aiDescriptionData: r.ai_description_data,
    isFirstJob: r.is_first_job,
    order: r.order,
    linkData: jobLinkData({ city: r.location?.city, companyName: r.company_name, title: r.title }),
    applicantsCount: r.submitted_applications,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}
