import type { TManager } from '@hirecast/domain/auth';
import type { TBillingState } from '@hirecast/domain/billing';
import type { TPlan } from '@hirecast/domain/plan';
import { DEFAULT_AI_SETTINGS, JOB_DEFAULTS, type TJob } from '@hirecast/domain/job';

// Shared test data for component and unit tests. Pass what a test relies on as overrides.

// A signed-in, verified admin of one company, as GET /manager/me answers it.
export const makeManager = (overrides: Partial<TManager> = {}): TManager => ({
  _id: 'm1',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@acme.com',
  avatar: null,
  position: null,
  digestType: 'daily',
  calendarLink: null,
  needVerification: false,
  selfInvited: false,
  isUserWasRedirected: false,
  needsName: false,
  takenBack: null,
  _companies: [{ _id: 'c1', name: 'Acme', logo: null, role: 2 }],
  _company: 'c1',
  role: 2,
  ...overrides,
});

// A stored, closed job as GET /job/{id} answers it.
export const makeJob = (overrides: Partial<TJob> = {}): TJob => ({
  _id: 'job-1',
  _company: 'co-1',
  shortId: 'abc123',
  title: 'Head Chef',
  status: 'closed',
  publishedAt: null,
  location: { city: 'Leeds', country: 'United Kingdom' },
  postHeading: 'Lead our kitchen',
  description: { ops: [{ insert: 'Cook.\n' }] },
  image: null,
  _video: null,
  employmentType: JOB_DEFAULTS.employmentType,
  locationType: JOB_DEFAULTS.locationType,
  salary: { from: null, to: null, currency: JOB_DEFAULTS.currency, unit: JOB_DEFAULTS.unit },
  isHiringNow: true,
  showOtherJobs: false,
  showAdditionalVideos: false,
  additionalVideos: [],
  hideLocation: false,
  isAgencyIncluded: false,
  customApplication: false,
  customApplicationURL: null,
  isExternalATSValidation: false,
  isVideoOptional: JOB_DEFAULTS.isVideoOptional,
  videoQuestion: null,
  language: null,
  customQuestion: null,
  aiSettings: { ...DEFAULT_AI_SETTINGS },
  aiDescriptionData: {},
  isFirstJob: false,
  order: 0,
  linkData: { location: 'leeds', title: 'head-chef', companyName: 'northwind' },
  applicantsCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

// GET /billing/subscription of a company on a paid plan with every feature and five active jobs; `plan` and
// `subscription` override parts.
export const makeBillingState = (
  overrides: Partial<Omit<TBillingState, 'plan'>> & { plan?: Partial<TPlan> } = {},
): TBillingState => {
  const { plan, ...rest } = overrides;
  return {
    subscription: {
      productId: 'video-first-complete',
      priceId: 'price_local_video_first_complete',
      priceName: 'Video First Complete',
      jobs: 5,
      status: 'active',
      active: true,
      stripeCustomerId: 'cus_local_1',
      currentPeriodEnd: '2026-12-01T10:00:00.000Z',
      willChange: false,
      _next: null,
      paymentFailed: false,
    },
    plan: {
      name: 'Video First Complete',
      activeJobLimit: 5,
      features: { videoApplications: true, videoJobPosts: true, preLaunch: false },
      ...plan,
    },
    activeJobs: 0,
    canManageBilling: true,
    ...rest,
  };
};
