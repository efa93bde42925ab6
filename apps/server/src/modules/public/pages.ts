import type { FastifyBaseLogger } from 'fastify';
import { applyMessages, type TCandidateApplication } from '@hirecast/domain/application';
import { deltaToHtml, deltaToText } from '@hirecast/domain/delta-html';
import { LOCATION_TYPE_LABELS } from '@hirecast/domain/job';
import { jobPostingJsonLd, jobVideoJsonLd } from '@hirecast/domain/job-posting';
import { messages } from '@hirecast/domain/messages';
import type { TPublicJob } from '@hirecast/domain/public-job';
import type { TCandidateInterview, TInterviewClosed, ZGuestReview } from '@hirecast/domain/interview';
import type { TSitePage } from '@hirecast/domain/site-page';
import {
  privacyPageMessages as pm,
  type TExportOutcome,
  type TKeepOutcome,
  type TSiteBrand,
} from '@hirecast/domain/privacy-pages';
import type { z } from 'zod';
import { formatSalary } from '@hirecast/domain/salary';
import { escapeHtml, metaDescription, renderDocument, SITE_NAME, type THead } from './html.ts';
import type { TLoadedPublicJob } from './job.ts';
import { companyFallbackBody, companyHead, storyFallbackBody, storyHead } from './company-head.ts';
import { companyPageMessages, type TCompanyPageTabQuery } from '@hirecast/domain/company-page-rules';
import type { TPublicCompanyPage, TPublicStory } from '@hirecast/domain/company-page';
import type { TSiteBundleLoader } from './site-bundle.ts';

// The HTML of each site page: a complete head (what crawlers and link previews read) and the site's
// server-rendered body, or a small fallback body when the site is not built.

const absolute = (url: string | null | undefined, siteUrl: string) => {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${siteUrl}${url}` : null;
};

/** The picture a shared link shows: the job's image, else its video's poster, else the company logo. */
export function jobImage(job: TPublicJob, siteUrl: string) {
  const poster = job.video?.kind === 'hosted' ? job.video.poster : null;
  return absolute(job.image, siteUrl) ?? absolute(poster, siteUrl) ?? absolute(job.company.logo, siteUrl);
}

function jobFallbackBody(job: TPublicJob, preview: boolean) {
  const place = [job.location?.city, job.location?.country].filter(Boolean).join(', ');
  const facts = [place, LOCATION_TYPE_LABELS[job.locationType], formatSalary(job.salary)].filter(Boolean);
  return (
    '<main>' +
    (preview ? '<p><strong>Preview</strong></p>' : '') +
    `<h1>${escapeHtml(job.title)}</h1>` +
    `<p>${escapeHtml(job.company.name)}</p>` +
    (job.postHeading ? `<p>${escapeHtml(job.postHeading)}</p>` : '') +
    `<p>${facts.map((f) => escapeHtml(String(f))).join(' · ')}</p>` +
    (job.status === 'closed' ? `<p role="status">${escapeHtml(applyMessages.jobClosed)}</p>` : '') +
    `<div>${deltaToHtml(job.description)}</div>` +
    '</main>'
  );
}

function applicationFallbackBody(application: TCandidateApplication) {
  const { job } = application;
  return (
    '<main>' +
    `<h1>${escapeHtml(job.title)}</h1><p>${escapeHtml(job.companyName)}</p>` +
    `<p>${escapeHtml(`${application.firstName} ${application.lastName}`)}</p>` +
    (application.status === 'withdrawn'
      ? `<p role="status">${escapeHtml(applyMessages.withdrawn)}</p>`
      : '') +
    '</main>'
  );
}

const notFoundBody = (title: string, text: string) =>
  `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>`;

export function createSitePages({
  bundle,
  siteUrl,
  log,
}: {
  bundle: TSiteBundleLoader;
  siteUrl: string;
  log: FastifyBaseLogger;
}) {
  // The site's markup, or the fallback when it is not built or fails (a page is better than a 500).
  async function render(page: TSitePage, head: THead, fallback: string) {
    const built = await bundle.load();
    let body = fallback;
    if (built) {
      try {
        body = await built.render(page);
      } catch (err) {
        log.error({ err, kind: page.kind }, 'the site renderer failed: serving the fallback body');
      }
    }
    return renderDocument({ head, body, data: page, assets: built?.assetsFor(page.kind) ?? null });
  }

  return {
    /** A job page (`preview`: /preview/{id}, for the job's team only, never indexed). */
    job({ job, row }: TLoadedPublicJob, { preview }: { preview: boolean }) {
      const url = `${siteUrl}${job.path}`;
      const heading = `${job.title} at ${job.company.name}`;
      const description = metaDescription(deltaToText(job.description) || job.postHeading || heading);
      // A hidden location keeps its street and postcode out; the city is in the job's address anyway.
      const hiddenLocation = row.hideLocation
        ? { city: row.location?.city, country: row.location?.country }
        : null;
      const head: THead = {
        title: `${heading} | ${SITE_NAME}`,
        description,
        canonical: preview ? undefined : url,
        noindex: preview,
        social: { title: heading, description, url, image: jobImage(job, siteUrl) },
        jsonLd: preview
          ? null
          : [jobPostingJsonLd(job, siteUrl, { hiddenLocation }), jobVideoJsonLd(job, siteUrl)],
        preloadImage: job.video?.kind === 'hosted' ? job.video.poster : null,
      };
      return render({ kind: 'job', job, preview, siteUrl }, head, jobFallbackBody(job, preview));
    },

    /** The candidate's private page: never indexed. */
    application({ token, application }: { token: string; application: TCandidateApplication }) {
      const head: THead = {
        title: `Your application for ${application.job.title} | ${SITE_NAME}`,
        description: `Your application for ${application.job.title} at ${application.job.companyName}.`,
        noindex: true,
      };
      return render(
        { kind: 'application', token, application, siteUrl },
        head,
        applicationFallbackBody(application),
      );
    },

    /** Issue 15: the public company page, or its embeddable copy (no site chrome). */
    company(page: TPublicCompanyPage, { tab, embed }: { tab: TCompanyPageTabQuery; embed: boolean }) {
      return render(
        { kind: 'company', page, tab, embed, siteUrl },
        companyHead(page, { siteUrl, tab, embed }),
        companyFallbackBody(page, companyPageMessages.noLiveJobs),
      );
    },

    /** Issue 15: an employee story. */
    story(story: TPublicStory) {
      return render({ kind: 'story', story, siteUrl }, storyHead(story, siteUrl), storyFallbackBody(story));
    },

    /** Issue 25: the candidate's interview (private link): never indexed. */
    interview({ token, interview }: { token: string; interview: TCandidateInterview }) {
      const head: THead = {
        title: `Your interview for ${interview.job.title} | ${SITE_NAME}`,
        description: `Your interview for ${interview.job.title} at ${interview.job.companyName}.`,
        noindex: true,
      };
      return render({ kind: 'interview', token, interview, siteUrl }, head, '');
    },

    /**
     * Issue 33 item 2: the first screen of an interview link that no longer takes answers (served with 410):
     * what happened, when, and whom to ask; no Start, no practice round.
     */
    interviewClosed({ token, closed }: { token: string; closed: TInterviewClosed }) {
      const head: THead = {
        title: `Interview closed: ${closed.job.title} | ${SITE_NAME}`,
        description: `Your interview for ${closed.job.title} at ${closed.job.companyName}.`,
        noindex: true,
      };
      return render(
        { kind: 'interview-closed', token, closed, siteUrl },
        head,
        notFoundBody('This interview is closed', closed.message),
      );
    },

    /** Issue 25: an outside reviewer's page (share link): never indexed. */
    interviewReview({ token, review }: { token: string; review: TGuestReview }) {
      const head: THead = {
        title: `Interview review: ${review.job.title} | ${SITE_NAME}`,
        description: `An interview for ${review.job.title} at ${review.job.companyName}.`,
        noindex: true,
      };
      return render({ kind: 'interview-review', token, review, siteUrl }, head, '');
    },

    /** Issue 33 item 7: the "Keep my application" link's page (never indexed). */
    keep({ brand, outcome }: { brand: TSiteBrand | null; outcome: TKeepOutcome }) {
      const [title, text] =
        outcome.state === 'invalid'
          ? [pm.keepInvalidTitle, outcome.text]
          : outcome.state === 'already-kept'
            ? [pm.alreadyKeptTitle, pm.alreadyKept(outcome.untilDay)]
            : [pm.keptTitle, pm.kept(outcome.companyName, outcome.untilDay)];
      const head: THead = { title: `${title} | ${SITE_NAME}`, description: text, noindex: true };
      return render({ kind: 'keep', brand, outcome, siteUrl }, head, notFoundBody(title, text));
    },

    /** Issue 33 item 7: a data export's emailed link, its page with the download button (never indexed). */
    dataExport({ brand, outcome }: { brand: TSiteBrand | null; outcome: TExportOutcome }) {
      const ready = outcome.state === 'ready';
      const title = ready ? pm.exportReadyTitle : pm.exportInvalidTitle;
      const text = ready ? pm.exportExpires(outcome.expiresDay) : outcome.text;
      const head: THead = { title: `${title} | ${SITE_NAME}`, description: text, noindex: true };
      const fallback = ready
        ? `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(outcome.downloadUrl)}">${escapeHtml(pm.exportDownload)}</a></p></main>`
        : notFoundBody(title, text);
      return render({ kind: 'data-export', brand, outcome, siteUrl }, head, fallback);
    },

    /**
     * A 404 page saying what was not found (`text`; the site's job wording when not given); `gone` for a link
     * that has closed (410), which says so instead of "not found".
     */
    notFound(text?: string, { gone = false }: { gone?: boolean } = {}) {
      const title = gone ? messages.goneTitle : messages.notFoundTitle;
      const head: THead = {
        title: `${title} | ${SITE_NAME}`,
        description: text ?? messages.notFoundText,
        noindex: true,
      };
      return render(
        { kind: 'not-found', siteUrl, ...(text ? { text } : {}), ...(gone ? { gone } : {}) },
        head,
        notFoundBody(title, text ?? messages.notFoundText),
      );
    },
  };
}

type TGuestReview = z.infer<typeof ZGuestReview>;

export type TSitePages = ReturnType<typeof createSitePages>;
