// Every background job: its name and payload. `ctx.queue.send` accepts only these.
export type TJobPayloads = {
  /** Probe, transcode, thumbnails and posters of one uploaded or recorded video (spec 3 §3–§5). */
  'video.process': { assetId: string };
};
export type TJobName = keyof TJobPayloads;

// Retries with exponential backoff (2 s, 4 s, 8 s…): 3 retries after the first attempt. A worker that dies
// stops sending heartbeats and its job is retried after `heartbeatSeconds`, not after the expiry.
export const JOB_OPTIONS: Record<
  TJobName,
  { retryLimit: number; retryDelay: number; expireInSeconds: number; heartbeatSeconds: number }
> = {
  'video.process': { retryLimit: 3, retryDelay: 2, expireInSeconds: 2 * 60 * 60, heartbeatSeconds: 30 },
};

export const JOB_NAMES = Object.keys(JOB_OPTIONS) as TJobName[];
