import { describe, expect, it } from 'vitest';
import { countryCode, GOOGLE_EMPLOYMENT_TYPE, jobPostingJsonLd, jobVideoJsonLd } from '../src/job-posting.ts';
import { EMPLOYMENT_TYPES } from '../src/job.ts';
import type { TPublicJob } from '../src/public-job.ts';

const SITE = 'https://jobs.example.com';

const job = (overrides: Partial<TPublicJob> = {}): TPublicJob => ({
  shortId: 'Ab3dE6gH',
  path: '/job/london/bean-and-co/head-barista-Ab3dE6gH',
  title: 'Head Barista',
  postHeading: 'Lead our morning team',
  description: {
    ops: [
      { insert: 'Pull great shots.\nTrain the team ' },
      { insert: '<daily>', attributes: { bold: true } },
      { insert: '\n' },
    ],
  },
  status: 'open',
  publishedAt: '2025-03-01T09:00:00.000Z',
  location: {
    streetAddress: '1 High Street',
    city: 'London',
    county: 'Greater London',
    postalCode: 'E1 6AN',
    country: 'United Kingdom',
  },
  employmentType: 'full-time',
  locationType: 'office',
  salary: { from: '25,000', to: '30000', currency: 'GBP', unit: 'annually' },
  image: null,
  video: null,
  company: {
    name: 'Bean & Co',
    slug: 'bean-and-co',
    description: 'Coffee.',
    logo: '/api/storage/uploads/public/logo.png',
    primaryColor: null,
    backgroundColor: null,
    website: 'https://bean.example.com',
  },
  agency: null,
  isHiringNow: true,
  isVideoOptional: true,
  videoQuestion: 'Why coffee?',
  customQuestion: null,
  applyUrl: null,
  otherJobs: [],
  additionalVideos: [],
  planFeatures: { videoJobPosts: true, videoApplications: true, preLaunch: false },
  privacy: { rejectedMonths: 6, inactiveMonths: 12, hiredMonths: 24, privacyPolicyUrl: null },
  ...overrides,
});

describe('jobPostingJsonLd (Google for Jobs)', () => {
  it('describes an open job with its values', () => {
    expect(jobPostingJsonLd(job(), SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Head Barista',
      description: '<p>Pull great shots.</p><p>Train the team <strong>&lt;daily&gt;</strong></p>',
      datePosted: '2025-03-01T09:00:00.000Z',
      employmentType: 'FULL_TIME',
      url: 'https://jobs.example.com/job/london/bean-and-co/head-barista-Ab3dE6gH',
      hiringOrganization: {
        '@type': 'Organization',
        name: 'Bean & Co',
        sameAs: 'https://bean.example.com',
        logo: 'https://jobs.example.com/api/storage/uploads/public/logo.png',
      },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 High Street',
          addressLocality: 'London',
          addressRegion: 'Greater London',
          postalCode: 'E1 6AN',
          addressCountry: 'GB',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 25000, maxValue: 30000, unitText: 'YEAR' },
      },
      directApply: true,
      identifier: { '@type': 'PropertyValue', name: 'Bean & Co', value: 'Ab3dE6gH' },
    });
  });

  it('answers null for a closed job (Google wants expired postings removed)', () => {
    expect(jobPostingJsonLd(job({ status: 'closed' }), SITE)).toBeNull();
  });

  it('maps every employment type onto one of Google’s values', () => {
    const google = [
      'FULL_TIME',
      'PART_TIME',
      'CONTRACTOR',
      'TEMPORARY',
      'INTERN',
      'VOLUNTEER',
      'PER_DIEM',
      'OTHER',
    ];
    for (const type of EMPLOYMENT_TYPES) expect(google).toContain(GOOGLE_EMPLOYMENT_TYPE[type]);
    expect(jobPostingJsonLd(job({ employmentType: 'contract' }), SITE)?.employmentType).toBe('CONTRACTOR');
    expect(jobPostingJsonLd(job({ employmentType: 'zero hours' }), SITE)?.employmentType).toBe('PER_DIEM');
    expect(jobPostingJsonLd(job({ employmentType: 'intern' }), SITE)?.employmentType).toBe('INTERN');
  });

  it('gives a remote job as TELECOMMUTE with the country applicants must be in, and no address', () => {
    const ld = jobPostingJsonLd(job({ locationType: 'remote' }), SITE)!;
    expect(ld.jobLocationType).toBe('TELECOMMUTE');
    expect(ld.applicantLocationRequirements).toEqual({ '@type': 'Country', name: 'United Kingdom' });
    expect(ld).not.toHaveProperty('jobLocation');
  });

  it('keeps the street and postcode of a hidden location out, giving the city and country only', () => {
    const ld = jobPostingJsonLd(job({ location: null }), SITE, {
      hiddenLocation: { city: 'London', country: 'United Kingdom' },
    })!;
    expect(ld.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'GB' },
    });
    expect(jobPostingJsonLd(job({ location: null }), SITE)).not.toHaveProperty('jobLocation');
  });

  it('gives single amounts, open ranges and Google’s unit of each salary unit', () => {
    const salary = (s: Partial<TPublicJob['salary']>) =>
      jobPostingJsonLd(job({ salary: { currency: 'EUR', unit: 'hourly', ...s } }), SITE)!.baseSalary;
    expect(salary({ from: '12.50', to: '12.50' })).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'EUR',
      value: { '@type': 'QuantitativeValue', value: 12.5, unitText: 'HOUR' },
    });
    expect(salary({ from: '12.50', unit: 'daily' })).toMatchObject({
      value: { minValue: 12.5, unitText: 'DAY' },
    });
    expect(salary({ to: '900', unit: 'weekly' })).toMatchObject({
      value: { maxValue: 900, unitText: 'WEEK' },
    });
    expect(salary({ from: '3,000', to: '2,000', unit: 'monthly' })).toMatchObject({
      value: { minValue: 2000, maxValue: 3000, unitText: 'MONTH' },
    });
    // No fortnight in Google's units: per week, halved.
    expect(salary({ from: '1000', to: '1201', unit: 'bi-weekly' })).toMatchObject({
      value: { minValue: 500, maxValue: 600.5, unitText: 'WEEK' },
    });
    expect(salary({ from: null, to: '' })).toBeUndefined();
  });

  it('marks a job that redirects candidates as not directly applicable', () => {
    expect(jobPostingJsonLd(job({ applyUrl: 'https://ats.example.com/1' }), SITE)?.directApply).toBe(false);
  });

  it('falls back to the post heading for an empty description and leaves missing values out', () => {
    const ld = jobPostingJsonLd(
      job({
        description: null,
        postHeading: 'Tea & <cake>',
        publishedAt: null,
        company: { ...job().company, website: null, logo: null },
      }),
      SITE,
    )!;
    expect(ld.description).toBe('<p>Tea &amp; &lt;cake&gt;</p>');
    expect(ld).not.toHaveProperty('datePosted');
    expect(ld.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Bean & Co' });
  });
});

describe('countryCode (ISO 3166-1 alpha-2)', () => {
  it('gives the code of a country named as the geocoder names it, or as people type it', () => {
    expect(countryCode('United Kingdom')).toBe('GB');
    expect(countryCode('  united kingdom ')).toBe('GB');
    expect(countryCode('England')).toBe('GB');
    expect(countryCode('Germany')).toBe('DE');
    expect(countryCode('Côte d’Ivoire')).toBe('CI');
    expect(countryCode('United States')).toBe('US');
    expect(countryCode('USA')).toBe('US');
    expect(countryCode('fr')).toBe('FR');
  });

  it('gives nothing for what is not a country', () => {
    expect(countryCode('Atlantis')).toBeUndefined();
    expect(countryCode('')).toBeUndefined();
    expect(countryCode(null)).toBeUndefined();
  });

  it('falls back to the name in the address when the country is not known', () => {
    const ld = jobPostingJsonLd(job({ location: { city: 'Nowhere', country: 'Atlantis' } }), SITE)!;
    expect(ld.jobLocation).toEqual({
      '@type': 'Place',
      address: { '@type': 'PostalAddress', addressLocality: 'Nowhere', addressCountry: 'Atlantis' },
    });
  });
});

describe('jobVideoJsonLd (Google video results)', () => {
  const hosted = {
    kind: 'hosted' as const,
    assetId: 'a1',
    mp4: '/api/storage/uploads/c/v-480p.mp4',
    mp4_720p: 'https://cdn.example.com/v-720p.mp4',
    poster: '/api/storage/uploads/c/v-image640.webp',
    width: 1280,
    height: 720,
    duration: 65.4,
    uploadedAt: '2025-02-20T10:00:00.000Z',
  };

  it("describes the job's hosted video with stable addresses, not the signed URLs that expire", () => {
    expect(jobVideoJsonLd(job({ video: hosted }), SITE)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Head Barista at Bean & Co',
      description: 'Lead our morning team',
      thumbnailUrl: `${SITE}/api/public/job/Ab3dE6gH/video/poster`,
      uploadDate: '2025-02-20T10:00:00.000Z',
      contentUrl: `${SITE}/api/public/job/Ab3dE6gH/video`,
      duration: 'PT1M5S',
      width: 1280,
      height: 720,
      url: `${SITE}/job/london/bean-and-co/head-barista-Ab3dE6gH`,
    });
  });

  it('takes a video with only the 480p, and the publication when the upload time is unknown', () => {
    const ld = jobVideoJsonLd(
      job({ video: { ...hosted, mp4_720p: null, uploadedAt: undefined, duration: null } }),
      SITE,
    )!;
    expect(ld.contentUrl).toBe(`${SITE}/api/public/job/Ab3dE6gH/video`);
    expect(ld.uploadDate).toBe('2025-03-01T09:00:00.000Z');
    expect(ld).not.toHaveProperty('duration');
  });

  it('gives nothing for a closed job, an embed, a video without poster or rendition, or no video', () => {
    expect(jobVideoJsonLd(job({ video: hosted, status: 'closed' }), SITE)).toBeNull();
    expect(jobVideoJsonLd(job({ video: { kind: 'embed', url: 'https://youtu.be/x' } }), SITE)).toBeNull();
    expect(jobVideoJsonLd(job({ video: { ...hosted, poster: null } }), SITE)).toBeNull();
    expect(jobVideoJsonLd(job({ video: { ...hosted, mp4: null, mp4_720p: null } }), SITE)).toBeNull();
    expect(jobVideoJsonLd(job(), SITE)).toBeNull();
  });
});
