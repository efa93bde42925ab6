// Until billing exists (spec 2 §3 Plan product), every company is on this plan. Billing will replace where
// the plan comes from, not its shape: everything that gates on a plan takes a TPlan.
export type TPlan = {
  name: string;
  /** spec 1 §4: how many jobs may be open at once (the first job does not count towards the limit). */
  activeJobLimit: number;
  features: {
    /** spec 1 §6: video intro question, custom question and redirect candidates. */
    videoApplications: boolean;
    /** spec 1 §8: 'Your current plan doesn't include video job posts.' */
    videoJobPosts: boolean;
    /** spec 1 §6: a pre-launch plan blurs the video container. */
    preLaunch: boolean;
  };
};

export const DEFAULT_PLAN: TPlan = {
  name: 'Starter',
  activeJobLimit: 5,
  features: { videoApplications: true, videoJobPosts: true, preLaunch: false },
};
