import { describe, expect, it } from 'vitest';
import { applyMessages } from '../src/apply-messages.ts';
import { jobMessages } from '../src/job-messages.ts';
import {
  PLAN_CAPABILITIES,
  PLAN_FEATURE_TABLE,
  PLAN_FEATURES,
  planAllows,
  planEffect,
  planGrant,
  planRefusal,
  type TPlanFeatures,
} from '../src/plan.ts';

const none: TPlanFeatures = { videoJobPosts: false, videoApplications: false, preLaunch: false };
const all: TPlanFeatures = { videoJobPosts: true, videoApplications: true, preLaunch: true };

describe('the plan feature table (spec 1 §5, §6, §8)', () => {
  it('has a row for every plan feature and sells each capability once', () => {
    expect(Object.keys(PLAN_FEATURE_TABLE).sort()).toEqual([...PLAN_FEATURES].sort());
    expect(PLAN_CAPABILITIES).toEqual([
      'jobVideo',
      'additionalVideos',
      'videoQuestion',
      'customQuestion',
      'redirectCandidates',
      'introVideo',
    ]);
  });

  it('names the spec messages: video job posts, and Video Applications for the three job fields', () => {
    expect(planGrant('jobVideo')).toEqual({
      feature: 'videoJobPosts',
      field: '_video',
      refusal: "Your current plan doesn't include video job posts.",
    });
    for (const capability of ['videoQuestion', 'customQuestion', 'redirectCandidates'] as const) {
      expect(planGrant(capability)).toMatchObject({
        feature: 'videoApplications',
        refusal: 'This feature requires Video Applications to be added to your plan.',
      });
    }
    expect(planGrant('redirectCandidates').field).toBe('customApplication');
    expect(planGrant('introVideo')).toEqual({
      feature: 'videoApplications',
      field: 'video',
      refusal: applyMessages.videoNotOffered,
    });
  });

  it('allows a capability exactly when the plan has its feature', () => {
    for (const capability of PLAN_CAPABILITIES) {
      const { feature } = planGrant(capability);
      expect(planAllows(all, capability)).toBe(true);
      expect(planAllows(none, capability)).toBe(false);
      expect(planAllows({ ...none, [feature]: true }, capability)).toBe(true);
      expect(planAllows({ ...all, [feature]: false }, capability)).toBe(false);
    }
  });

  it('refuses the first capability asked for that the plan lacks, and nothing not asked for', () => {
    const cvOnly = { ...all, videoApplications: false };
    expect(planRefusal(cvOnly, { jobVideo: true, customQuestion: true, videoQuestion: false })).toEqual({
      capability: 'customQuestion',
      field: 'customQuestion',
      refusal: jobMessages.planVideoApplications,
    });
    expect(planRefusal(cvOnly, { jobVideo: true, customQuestion: false })).toBeNull();
    expect(planRefusal(none, {})).toBeNull();
  });

  it('blurs the job video only on a pre-launch plan, with words that say why', () => {
    expect(planEffect(all, 'blurredJobVideo')).toEqual({ explanation: 'Video coming soon' });
    expect(planEffect({ ...all, preLaunch: false }, 'blurredJobVideo')).toBeNull();
  });
});
