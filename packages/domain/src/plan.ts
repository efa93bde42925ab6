import { applyMessages } from './apply-messages.ts';
import { jobMessages } from './job-messages.ts';

// What a plan lets a company do. Everything that gates on a plan takes a TPlan; billing.ts resolvePlan() makes
// it from the company's subscription (the server's companyPlan(), the web app's GET /api/billing/subscription).
// No zod here: the public site's first paint reads this table.

export const PLAN_FEATURES = ['videoJobPosts', 'videoApplications', 'preLaunch'] as const;
export type TPlanFeature = (typeof PLAN_FEATURES)[number];
export type TPlanFeatures = Record<TPlanFeature, boolean>;

export type TPlan = {
  name: string;
  /** spec 1 §4: how many jobs may be open at once (the first job does not count towards the limit). */
  activeJobLimit: number;
  features: TPlanFeatures;
};

/** A capability a feature sells: the request field that asks for it and the message it is refused with. */
type TGrant = { field: string; refusal: string };
/** Something a feature changes on the public pages (not a capability: having the feature turns it on). */
type TEffect = { explanation: string };
type TFeatureRow = {
  label: string;
  grants: Readonly<Record<string, TGrant>>;
  effects: Readonly<Record<string, TEffect>>;
};

/**
 * The one table of plan gating (spec 1 §5, §6, §8; decision 017): for each plan feature, what it allows
 * (`grants`: refused without it, with the message to show) and what it turns on (`effects`). The server's job
 * and apply routes, the employer's job editor and the public site all read it; nothing else decides.
 * Only asking for a capability is refused: clearing a field, or keeping what a job already has, is not.
 */
export const PLAN_FEATURE_TABLE = {
  // spec 1 §6/§8: 'Video First Applications' blocks adding video: 'Your current plan doesn't include video
  // job posts.' The additional videos of a job post are videos on it too.
  videoJobPosts: {
    label: 'Video job posts',
    grants: {
      jobVideo: { field: '_video', refusal: jobMessages.planNoVideo },
      additionalVideos: { field: 'additionalVideos', refusal: jobMessages.planNoVideo },
    },
    effects: {},
  },
  // spec 1 §5/§6: the video intro question, custom question and redirect candidates need Video Applications.
  // Without it the public apply flow has no video step (candidates apply with a CV), asks no custom question
  // and takes applications itself instead of redirecting.
  videoApplications: {
    label: 'Video Applications',
    grants: {
      videoQuestion: { field: 'videoQuestion', refusal: jobMessages.planVideoApplications },
      customQuestion: { field: 'customQuestion', refusal: jobMessages.planVideoApplications },
      redirectCandidates: { field: 'customApplication', refusal: jobMessages.planVideoApplications },
      introVideo: { field: 'video', refusal: applyMessages.videoNotOffered },
    },
    effects: {},
  },
  // spec 1 §6: 'A pre-launch plan flag blurs the video container.' The explanation is not in the spec: a
  // blurred player needs words for those who cannot tell why it does not play.
  preLaunch: {
    label: 'Pre-launch',
    grants: {},
    effects: { blurredJobVideo: { explanation: 'Video coming soon' } },
  },
} as const satisfies Record<TPlanFeature, TFeatureRow>;

type TTable = typeof PLAN_FEATURE_TABLE;
export type TPlanCapability = { [F in TPlanFeature]: keyof TTable[F]['grants'] }[TPlanFeature];
export type TPlanEffect = { [F in TPlanFeature]: keyof TTable[F]['effects'] }[TPlanFeature];

const rows = Object.entries(PLAN_FEATURE_TABLE) as [TPlanFeature, TFeatureRow][];
const grantOf = new Map(
  rows.flatMap(([feature, row]) =>
    Object.entries(row.grants).map(([capability, grant]) => [capability, { feature, ...grant }] as const),
  ),
);
const effectOf = new Map(
  rows.flatMap(([feature, row]) =>
    Object.entries(row.effects).map(([effect, value]) => [effect, { feature, ...value }] as const),
  ),
);

/** Every capability of the table, in its order (tests walk them). */
export const PLAN_CAPABILITIES = [...grantOf.keys()] as TPlanCapability[];

/** The feature that sells a capability, its request field and its refusal message. */
export function planGrant(capability: TPlanCapability): { feature: TPlanFeature } & TGrant {
  return grantOf.get(capability)!;
}

/** Whether a plan's features allow a capability. */
export const planAllows = (features: TPlanFeatures, capability: TPlanCapability) =>
  features[planGrant(capability).feature];

/** Whether a plan's features turn an effect on, and the words that explain it. */
export function planEffect(features: TPlanFeatures, effect: TPlanEffect): TEffect | null {
  const found = effectOf.get(effect)!;
  return features[found.feature] ? { explanation: found.explanation } : null;
}

/**
 * The first of the capabilities asked for (in the table's order) that the plan does not allow, with its field
 * and message; null when the plan allows all of them.
 */
export function planRefusal(
  features: TPlanFeatures,
  asked: Partial<Record<TPlanCapability, boolean>>,
): ({ capability: TPlanCapability } & TGrant) | null {
  for (const capability of PLAN_CAPABILITIES) {
    if (asked[capability] && !planAllows(features, capability)) {
      const { field, refusal } = planGrant(capability);
      return { capability, field, refusal };
    }
  }
  return null;
}
