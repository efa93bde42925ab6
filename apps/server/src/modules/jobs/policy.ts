import { ROLES } from '@hirecast/domain/constants';
import { jobMessages } from '@hirecast/domain/job-messages';
import type { TPlan } from '@hirecast/domain/plan';
import { AppError } from '../../lib/app-error.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';

// spec 1 §6: Viewers are read-only; job managers and admins edit, create, copy, delete and reorder jobs.
export function assertCanEditJobs(scope: TCompanyScope) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', jobMessages.viewerCannotEdit);
}

// spec 1 §6: sharing by link is reading, but a short link (a record that sends people somewhere) and a job
// sent by email are writes a viewer may not make.
export function assertCanShare(scope: TCompanyScope) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', jobMessages.viewerCannotShare);
}

// spec 1 §5/§6: the video intro question, the custom question and redirect candidates need the plan's
// Video Applications feature. Only turning them on is gated: clearing them is always allowed.
export function assertPlanAllows(
  plan: TPlan,
  input: {
    videoQuestion?: string | null;
    customQuestion?: string | null;
    customApplication?: boolean;
    _video?: string | null;
  },
) {
  // spec 1 §8: a plan without video job posts cannot add a video (removing one is allowed).
  if (input._video && !plan.features.videoJobPosts) {
    throw new AppError('FORBIDDEN', jobMessages.planNoVideo, { _video: jobMessages.planNoVideo });
  }
  if (plan.features.videoApplications) return;
  const field = input.videoQuestion
    ? 'videoQuestion'
    : input.customQuestion
      ? 'customQuestion'
      : input.customApplication
        ? 'customApplication'
        : null;
  if (field) {
    throw new AppError('FORBIDDEN', jobMessages.planVideoApplications, {
      [field]: jobMessages.planVideoApplications,
    });
  }
}
