import type { TCandidateApplication } from '@hirecast/domain/application';
import type { TPublicJob } from '@hirecast/domain/public-job';

// Shared test data for the site's component tests. Pass what a test relies on as overrides.

/** An open job as GET /api/public/job/{shortId} answers it. */
export const makePublicJob = (overrides: Partial<TPublicJob> = {}): TPublicJob => ({
  shortId: 'abc123',
  path: '/job/leeds/northwind/head-chef-abc123',
  title: 'Head Chef',
  postHeading: 'Lead our kitchen in the heart of Leeds',
  description: {
    ops: [
      { insert: 'What you will do' },
      { insert: '\n', attributes: { header: 2 } },
      { insert: 'Run a busy kitchen of ' },
      { insert: 'twelve', attributes: { bold: true } },
      { insert: ' cooks.\n' },
    ],
  },
  status: 'open',
  publishedAt: '2026-11-01T10:00:00.000Z',
  location: { city: 'Leeds', country: 'United Kingdom' },
  employmentType: 'full-time',
  locationType: 'office',
  salary: { from: '32000', to: '38000', currency: 'GBP', unit: 'annually' },
  image: null,
  video: null,
  company: {
    name: 'Northwind',
    slug: 'northwind',
    description: 'Restaurants in the north.',
    logo: null,
    primaryColor: '#1d4ed8',
    backgroundColor: '#eef2ff',
    website: null,
  },
  agency: null,
  isHiringNow: true,
  isVideoOptional: true,
  videoQuestion: 'Tell us about yourself and why you would like this job.',
  customQuestion: null,
  applyUrl: null,
  otherJobs: [],
  additionalVideos: [],
  planFeatures: { videoJobPosts: true, videoApplications: true, preLaunch: false },
  privacy: { rejectedMonths: 6, inactiveMonths: 12, hiredMonths: 24, privacyPolicyUrl: null },
  ...overrides,
});

export const makeCandidateApplication = (
  overrides: Partial<TCandidateApplication> = {},
): TCandidateApplication => ({
  _id: 'app-1',
  status: 'new',
  sentAt: '2026-11-03T09:30:00.000Z',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  job: {
    title: 'Head Chef',
    companyName: 'Northwind',
    companyLogo: null,
    url: '/job/leeds/northwind/head-chef-abc123',
  },
  hasVideo: true,
  hasCv: false,
  erasureRequestedAt: null,
  ...overrides,
});
