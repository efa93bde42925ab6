import { describe, expect, it } from 'vitest';
import { GOOGLE_EMPLOYMENT_TYPE, jobPostingJsonLd } from '../src/job-posting.ts';
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
          addressCountry: 'United Kingdom',
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
      address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'United Kingdom' },
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
