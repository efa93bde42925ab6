import {
  buildCompanyPageUrl,
  buildStoryUrl,
  tabOfQuery,
  type TCompanyPageTabQuery,
} from '@hirecast/domain/company-page-rules';
import type { TPublicCompanyPage, TPublicStory } from '@hirecast/domain/company-page';
import { deltaToText } from '@hirecast/domain/delta-html';
import { escapeHtml, metaDescription, SITE_NAME, type THead } from './html.ts';

// Issue 15: what search engines and link previews read of a company page and a story.

const absolute = (url: string | null | undefined, siteUrl: string) => {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${siteUrl}${url}` : null;
};

/** schema.org Organization: name, address, logo, description, links, founding date and size when known. */
export function organizationJsonLd(page: TPublicCompanyPage, siteUrl: string) {
  const { company } = page;
  const stats = Object.values(page.pages)
    .flat()
    .find((b) => b.type === 'STATISTIC');
  const loc = company.location;
  const address =
    loc.city || loc.country
      ? {
          '@type': 'PostalAddress',
          ...(loc.streetAddress && { streetAddress: loc.streetAddress }),
          ...(loc.city && { addressLocality: loc.city }),
          ...(loc.county && { addressRegion: loc.county }),
          ...(loc.postalCode && { postalCode: loc.postalCode }),
          ...(loc.country && { addressCountry: loc.country }),
        }
      : null;
  const sameAs = company.info.map((l) => l.value);
  const logo = absolute(company.logo, siteUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    url: buildCompanyPageUrl(siteUrl, company.slug),
    ...(company.description && { description: company.description }),
    ...(logo && { logo }),
    ...(address && { address }),
    ...(sameAs.length && { sameAs }),
    ...(stats?.type === 'STATISTIC' &&
      stats.stats.foundingYear && { foundingDate: String(stats.stats.foundingYear) }),
    ...(stats?.type === 'STATISTIC' &&
      stats.stats.employees !== null && {
        numberOfEmployees: { '@type': 'QuantitativeValue', value: stats.stats.employees },
      }),
  };
}

export function companyHead(
  page: TPublicCompanyPage,
  { siteUrl, tab, embed }: { siteUrl: string; tab: TCompanyPageTabQuery; embed: boolean },
): THead {
  const { company } = page;
  const label = tabOfQuery(tab).label;
  const heading = tab === 'why-us' ? `Careers at ${company.name}` : `${label} · Careers at ${company.name}`;
  const description = metaDescription(company.description || `Jobs and stories from ${company.name}.`);
  const url = buildCompanyPageUrl(siteUrl, company.slug, tab);
  return {
    title: `${heading} | ${SITE_NAME}`,
    description,
    // The embedded copy points at the page itself, so search engines index that one.
    canonical: url,
    social: {
      title: heading,
      description,
      url,
      image: absolute(page.bannerImage, siteUrl) ?? absolute(company.logo, siteUrl),
    },
    jsonLd: embed ? null : organizationJsonLd(page, siteUrl),
    preloadImage: page.bannerImage,
  };
}

export function storyHead(story: TPublicStory, siteUrl: string): THead {
  const heading = `${story.name}, ${story.title} at ${story.company.name}`;
  const description = metaDescription(story.quoteText || deltaToText(story.text) || heading);
  const url = buildStoryUrl(siteUrl, story.company.slug, story.slug);
  return {
    title: `${heading} | ${SITE_NAME}`,
    description,
    canonical: url,
    social: {
      title: heading,
      description,
      url,
      image:
        absolute(story.video?.kind === 'hosted' ? story.video.poster : null, siteUrl) ??
        absolute(story.company.logo, siteUrl),
    },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: heading.slice(0, 110),
      ...(description && { description }),
      url,
      dateModified: story.updatedAt,
      author: { '@type': 'Person', name: story.name, jobTitle: story.title },
      publisher: {
        '@type': 'Organization',
        name: story.company.name,
        url: buildCompanyPageUrl(siteUrl, story.company.slug),
      },
    },
    preloadImage: story.video?.kind === 'hosted' ? story.video.poster : null,
  };
}

export function companyFallbackBody(page: TPublicCompanyPage, noLiveJobs: string) {
  const blocks = Object.values(page.pages).flat();
  const texts = blocks
    .map((b) =>
      b.type === 'TEXT_AREA' ? `<h2>${escapeHtml(b.header)}</h2><p>${escapeHtml(b.content)}</p>` : '',
    )
    .join('');
  const jobs = page.jobs.length
    ? `<ul>${page.jobs.map((j) => `<li><a href="${escapeHtml(j.path)}">${escapeHtml(j.title)}</a></li>`).join('')}</ul>`
    : `<p>${escapeHtml(noLiveJobs)}</p>`;
  return `<main><h1>${escapeHtml(page.company.name)}</h1>${texts}<h2>Jobs</h2>${jobs}</main>`;
}

export const storyFallbackBody = (story: TPublicStory) =>
  `<main><h1>${escapeHtml(story.name)}</h1><p>${escapeHtml(story.title)} at ${escapeHtml(story.company.name)}</p>` +
  (story.quoteText ? `<blockquote>${escapeHtml(story.quoteText)}</blockquote>` : '') +
  '</main>';
