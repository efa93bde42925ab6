import { ROLES } from '@hirecast/domain/constants';
import { jobMessages } from '@hirecast/domain/job-messages';
import { planAllows, planRefusal, type TPlan, type TPlanCapability } from '@hirecast/domain/plan';
import { toEmbedUrl } from '@hirecast/domain/video-link';
import { AppError } from '../../lib/app-error.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import type { TJobInput } from './job-input.ts';
import { additionalVideoIds, type TJobRow } from './serialize.ts';

// spec 1 §6: Viewers are read-only; job managers and admins edit, create, copy, delete and reorder jobs.
export function assertCanEditJobs(scope: TCompanyScope) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', jobMessages.viewerCannotEdit);
}

// spec 1 §6: sharing by link is reading, but a short link (a record that sends people somewhere) and a job
// sent by email are writes a viewer may not make.
export function assertCanShare(scope: TCompanyScope) {
  if (scope.role < ROLES.jobManager) throw new AppError('FORBIDDEN', jobMessages.viewerCannotShare);
}

// spec 1 §5, §6, §8: what a job create or update asks of the plan, checked against the domain's one table
// (PLAN_FEATURE_TABLE). Only asking for a capability is refused: clearing a field is always allowed, and so is
// keeping what the job already has (a video added before a downgrade stays until it is replaced).
export function assertPlanAllows(plan: TPlan, input: TJobInput, current?: TJobRow) {
  const refused = planRefusal(plan.features, askedCapabilities(input, current));
  if (refused) throw new AppError('FORBIDDEN', refused.refusal, { [refused.field]: refused.refusal });
}

function askedCapabilities(input: TJobInput, current?: TJobRow) {
  const video = input._video?.trim();
  const keepsVideo =
    current !== undefined &&
    (video?.toLowerCase() === current.videoAssetId ||
      (current.video !== null && toEmbedUrl(video) === current.video));
  const kept = new Set(current ? additionalVideoIds(current) : []);
  // A text field asks for its capability when it sets a value the job does not have yet.
  const sets = (value: string | null | undefined, now: string | null | undefined) =>
    Boolean(value) && value !== now;
  return {
    jobVideo: Boolean(video) && !keepsVideo,
    additionalVideos: (input.additionalVideos ?? []).some((id) => !kept.has(id.toLowerCase())),
    videoQuestion: sets(input.videoQuestion, current?.videoQuestion),
    customQuestion: sets(input.customQuestion, current?.customQuestion),
    redirectCandidates: Boolean(input.customApplication) && !current?.customApplication,
  } satisfies Partial<Record<TPlanCapability, boolean>>;
}

// A copy is a new job: it takes from its source only what the plan sells (spec 1 §6); the rest starts empty.
export function columnsThePlanLacks(plan: TPlan): Partial<TJobRow> {
  const lacks = (capability: TPlanCapability) => !planAllows(plan.features, capability);
  return {
    ...(lacks('jobVideo') && { video: null, videoAssetId: null }),
    ...(lacks('additionalVideos') && { additionalVideos: [] }),
    ...(lacks('videoQuestion') && { videoQuestion: null }),
    ...(lacks('customQuestion') && { customQuestion: null }),
    ...(lacks('redirectCandidates') && {
      customApplication: false,
      customApplicationUrl: null,
      isExternalAtsValidation: false,
    }),
  };
}
