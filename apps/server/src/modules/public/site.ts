import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyMessages } from '@hirecast/domain/application';
import { loadPreviewJob, loadPublicJob } from './job.ts';
import { createSitePages } from './pages.ts';
import { createSiteBundle, SITE_BASE } from './site-bundle.ts';
import { privacyPageRoutes } from './privacy-pages.ts';
import { buildRobots, buildSitemap } from './sitemap.ts';
import { loadPublicCompanyPage, loadPublicStory } from './company-page.ts';
import { EMBED_SCRIPT } from './embed-script.ts';
import { companyPageMessages, tabOfQuery } from '@hirecast/domain/company-page-rules';
import { UUID } from '@hirecast/domain/uuid';
import { loadCandidateApplication, withdrawApplication } from '../public-apply/index.ts';
import { interviewMessages } from '@hirecast/domain/interview';
import { getCandidateInterview, getGuestReview, InterviewClosedError } from '../interviews/index.ts';
import { AppError, STATUS_BY_CODE } from '../../lib/app-error.ts';

const SLUG_SHORT_ID = /-([0-9A-Za-z]{8})$/;
const TOKEN_MAX = 200;

const CACHE = {
  // Short: signed media URLs in the page expire, and a closed job must stop showing 'Apply' soon.
  jobPage: 'public, max-age=60',
  private: 'private, no-store',
  noStore: 'no-store',
  notFound: 'no-cache',
};
// YouTube's embedded player refuses to play without a Referer; only the origin is sent across sites.
const JOB_REFERRER_POLICY = 'strict-origin-when-cross-origin';

const html = (reply: FastifyReply, status: number, body: string, cacheControl: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', cacheControl)
    .send(body);

const queryOf = (url: string) => {
  const at = url.indexOf('?');
  return at >= 0 ? url.slice(at) : '';
};

// Issue 5: the public candidate site, rendered on the server (ARCHITECTURE.md). Registered before the
// employer app's catch-all, which would otherwise answer these paths with the SPA.
export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const siteUrl = ctx.config.publicUrl;
  const bundle = createSiteBundle({ distDir: ctx.config.siteDist, log: app.log });
  const pages = createSitePages({ bundle, siteUrl, log: app.log });

  if (existsSync(bundle.clientDir)) {
    await app.register(fastifyStatic, {
      root: bundle.clientDir,
      prefix: SITE_BASE,
      decorateReply: false,
      index: false,
      // Brotli and gzip copies made at build time (scripts/precompress.mjs, decision 035), sent as they are.
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (res, path) => {
        // Vite's hashed file names change with their content: cache them for good.
        if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const notFound = async (reply: FastifyReply, text?: string) =>
    html(reply, 404, await pages.notFound(text), CACHE.notFound);

  // spec 2 §2: /job/{city}/{company}/{title}-{shortId}. Any other spelling of the job's address answers a
  // permanent redirect to the canonical one, keeping the query (UTM values).
  app.get(
    '/job/:city/:company/:slug',
    { schema: { hide: true, params: z.object({ city: z.string(), company: z.string(), slug: z.string() }) } },
    async (request, reply) => {
      const { city, company, slug } = request.params;
      const shortId = SLUG_SHORT_ID.exec(slug)?.[1];
      const loaded = shortId ? await loadPublicJob(ctx, { shortId }) : null;
      if (!loaded) return notFound(reply, applyMessages.jobNotFound);
      if (`/job/${city}/${company}/${slug}` !== loaded.job.path)
        return reply.redirect(`${loaded.job.path}${queryOf(request.url)}`, 301);
      reply.header('referrer-policy', JOB_REFERRER_POLICY);
      return html(reply, 200, await pages.job(loaded, { preview: false }), CACHE.jobPage);
    },
  );

  // spec 1 §2 /preview/{id}: the job's page for its team, open or closed, signed in through the web app's
  // cookie. Anyone else learns nothing about the job (404).
  app.get(
    '/preview/:id',
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const { id } = request.params;
      if (!UUID.test(id)) return notFound(reply);
      // The auth plugin resolved the session cookie (a navigation carries no Authorization header).
      const userId = request.user?.id;
      if (!userId) return reply.redirect(`/sign-in?redirect=/preview/${id}`, 302);
      const loaded = await loadPreviewJob(ctx, { jobId: id, userId });
      if (!loaded) return notFound(reply);
      reply.header('referrer-policy', JOB_REFERRER_POLICY);
      return html(reply, 200, await pages.job(loaded, { preview: true }), CACHE.private);
    },
  );

  // Issue 5 item 3: the candidate's private link. The token is the only key: never cached, never indexed,
  // never sent on as a referrer.
  app.get(
    '/application/:token',
    { schema: { hide: true, params: z.object({ token: z.string() }) } },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const { token } = request.params;
      const application = token.length <= TOKEN_MAX ? await loadCandidateApplication(ctx, token) : null;
      if (!application)
        return html(reply, 404, await pages.notFound(applyMessages.linkInvalid404), CACHE.noStore);
      return html(reply, 200, await pages.application({ token, application }), CACHE.noStore);
    },
  );

  // Issue 25: the candidate's interview and the outside reviewer's page. The token is the only key (never
  // cached, indexed or sent on as a referrer, and redacted in the request log); a refusal (unknown link, closed
  // interview, expired review link) is a page with the API's own message and status.
  const tokenPage =
    <T>(load: (token: string) => Promise<T>, render: (token: string, data: T) => Promise<string>) =>
    async (request: { params: { token: string } }, reply: FastifyReply) => {
      reply.header('referrer-policy', 'no-referrer');
      const { token } = request.params;
      try {
        if (token.length > TOKEN_MAX) throw new AppError('NOT_FOUND', interviewMessages.linkInvalid);
        return html(reply, 200, await render(token, await load(token)), CACHE.noStore);
      } catch (err) {
        if (err instanceof InterviewClosedError)
          return html(reply, 410, await pages.interviewClosed({ token, closed: err.closed }), CACHE.noStore);
        if (!(err instanceof AppError)) throw err;
        const gone = err.code === 'GONE';
        return html(
          reply,
          STATUS_BY_CODE[err.code],
          await pages.notFound(err.message, { gone }),
          CACHE.noStore,
        );
      }
    };
  app.get(
    '/interview/:token',
    { schema: { hide: true, params: z.object({ token: z.string() }) } },
    tokenPage(
      (token) => getCandidateInterview(ctx, token),
      (token, interview) => pages.interview({ token, interview }),
    ),
  );
  app.get(
    '/review/:token',
    { schema: { hide: true, params: z.object({ token: z.string() }) } },
    tokenPage(
      (token) => getGuestReview(ctx, token),
      (token, review) => pages.interviewReview({ token, review }),
    ),
  );

  // Issue 23 item 8: Withdraw as a plain HTML form (it works before the site's scripts load; they enhance it
  // with a confirmation and the JSON call). The token in the address is the only key, as for the JSON call, so
  // there is no session to forge a request for (and the page's no-referrer policy makes browsers send
  // `Origin: null`). Then back to the page, which shows the new status.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );
  app.post(
    '/application/:token/withdraw',
    {
      schema: { hide: true, params: z.object({ token: z.string() }) },
      config: ctx.config.rateLimitDisabled ? {} : { rateLimit: { max: 60, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
      const { token } = request.params;
      const application = token.length <= TOKEN_MAX ? await loadCandidateApplication(ctx, token) : null;
      if (!application)
        return html(reply, 404, await pages.notFound(applyMessages.linkInvalid404), CACHE.noStore);
      // Issue 33: a rejected application has nothing to withdraw; the page shows its status again.
      if (application.status !== 'rejected') await withdrawApplication(ctx, token);
      return reply
        .header('cache-control', CACHE.noStore)
        .redirect(`/application/${encodeURIComponent(token)}`, 303);
    },
  );

  // Issue 15: the company page, /company/{slug}?tab=..., and its embeddable copy (?embed=1), which any site
  // may frame (the other pages may be framed only by our own).
  app.get(
    '/company/:slug',
    {
      schema: {
        hide: true,
        params: z.object({ slug: z.string().max(200) }),
        querystring: z.object({ tab: z.string().max(40).optional(), embed: z.string().max(8).optional() }),
      },
    },
    async (request, reply) => {
      // spec 1 §2: /company/new is the employer app's create-company screen (no company has that slug).
      if (request.params.slug === 'new') return reply.callNotFound();
      const loaded = await loadPublicCompanyPage(ctx, request.params.slug);
      if (!loaded) return notFound(reply, companyPageMessages.publicPageNotFound);
      const tab = tabOfQuery(request.query.tab).query;
      const embed = request.query.embed === '1' || request.query.embed === 'true';
      if (embed) {
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string')
          reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
        reply.removeHeader('x-frame-options');
      }
      reply.header('referrer-policy', JOB_REFERRER_POLICY);
      return html(reply, 200, await pages.company(loaded.page, { tab, embed }), CACHE.jobPage);
    },
  );

  app.get(
    '/company/:slug/stories/:storySlug',
    {
      schema: { hide: true, params: z.object({ slug: z.string().max(200), storySlug: z.string().max(200) }) },
    },
    async (request, reply) => {
      const story = await loadPublicStory(ctx, request.params);
      if (!story) return notFound(reply, companyPageMessages.storyNotFound);
      reply.header('referrer-policy', JOB_REFERRER_POLICY);
      return html(reply, 200, await pages.story(story), CACHE.jobPage);
    },
  );

  await app.register(privacyPageRoutes, { pages });

  // The career page's address before issue 15 (short links made then point at it).
  app.get(
    '/careers/:slug',
    { schema: { hide: true, params: z.object({ slug: z.string().max(200) }) } },
    async (request, reply) =>
      reply.redirect(`/company/${encodeURIComponent(request.params.slug)}${queryOf(request.url)}`, 301),
  );

  // The host page's side of the embed (docs/company-page.md): loaded by other sites, so not same-origin only.
  app.get('/embed.js', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(EMBED_SCRIPT),
  );

  // Issue 23 item 8: browsers and crawlers ask for /favicon.ico whatever the page's <link rel="icon"> says.
  const favicon = await readFile(new URL('./favicon.ico', import.meta.url));
  app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(favicon),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await buildSitemap(ctx)),
  );

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(buildRobots(siteUrl)),
  );
};
