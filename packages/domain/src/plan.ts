// What a plan lets a company do. Everything that gates on a plan takes a TPlan; billing.ts resolvePlan() makes
// it from the company's subscription (the server's companyPlan(), the web app's GET /api/billing/subscription).
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
