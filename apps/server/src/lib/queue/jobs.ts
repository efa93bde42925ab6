// Every background job: its name and payload. `ctx.queue.send` accepts only these.
export type TJobPayloads = {
  /** Probe, transcode, thumbnails and posters of one uploaded or recorded video (spec 3 §3–§5). */
  'video.process': { assetId: string };
  /** The rendition a playable video still lacks (the 480p of a copied 720p recording, the 720p of a transcode). */
  'video.renditions': { assetId: string };
  /** AI screening of one application: CV text, fit score, auto-shortlist or auto-rejection (issue 6 item 7). */
  'application.screen': { applicationId: string };
  /** The daily or weekly summary of new applications to the team members who chose it (issue 6 item 8). */
  'digest.send': { period: 'daily' | 'weekly' };
  /** Company details read from a website or public profile link (spec 1 §7 POST /texau, issue 7 item 5). */
  'company.texau': { companyId: string; link: string };
  /** The Early Bird and Job Live letters of a job (issue 7 item 4; the rule is in docs/decisions). */
  'job.letters': { jobId: string; kind: 'hiringSoon' | 'hiringNow'; applicationId?: string };
  /** One render of an animated video template to MP4 (spec 3 §4 Finalize); `renderId` names the attempt's output. */
  'video.render': { templateId: string; renderId: string };
  /** Issue 25: the interview reminders due (two days before each deadline), every 15 minutes. */
  'interview.reminders': Record<string, never>;
  /** Issue 26: each company's retention rules, once a local night (the schedule runs hourly). */
  'privacy.nightly': Record<string, never>;
  /** Issue 26: one candidate data export (ZIP) built and its link emailed. */
  'privacy.export': { exportId: string };
  /** Issue 34: the transcript of one processed video, made by the transcription engine (decision 034). */
  'transcript.make': { assetId: string };
  /** Issue 33: candidates' uploads that no application holds a day after their upload are removed, hourly. */
  'uploads.sweep': Record<string, never>;
  /** Issue 35: one attempt of one webhook / Slack / Teams delivery (decision 037). */
  'webhook.deliver': { deliveryId: string };
};
export type TJobName = keyof TJobPayloads;

type TJobOptions = {
  retryLimit: number;
  retryDelay: number;
  expireInSeconds: number;
  heartbeatSeconds: number;
};
const SHORT: TJobOptions = { retryLimit: 3, retryDelay: 2, expireInSeconds: 10 * 60, heartbeatSeconds: 30 };

// Retries with exponential backoff (2 s, 4 s, 8 s…): 3 retries after the first attempt. A worker that dies
// stops sending heartbeats and its job is retried after `heartbeatSeconds`, not after the expiry.
export const JOB_OPTIONS: Record<TJobName, TJobOptions> = {
  'video.process': { retryLimit: 3, retryDelay: 2, expireInSeconds: 2 * 60 * 60, heartbeatSeconds: 30 },
  'video.renditions': { retryLimit: 3, retryDelay: 2, expireInSeconds: 2 * 60 * 60, heartbeatSeconds: 30 },
  'application.screen': SHORT,
  'digest.send': { ...SHORT, expireInSeconds: 30 * 60 },
  'company.texau': { ...SHORT, retryLimit: 1 },
  'job.letters': SHORT,
  // A 60 s template renders in well under a minute of a 2-core worker; a dead worker is noticed by its heartbeat.
  'video.render': { retryLimit: 2, retryDelay: 2, expireInSeconds: 30 * 60, heartbeatSeconds: 30 },
  'interview.reminders': SHORT,
  'privacy.nightly': { ...SHORT, expireInSeconds: 60 * 60 },
  // Videos of up to 500 MB are copied into the ZIP.
  'privacy.export': { ...SHORT, expireInSeconds: 60 * 60 },
  // The engine's 429s, 5xx and time-outs are retried inside the job (decision 034); pg-boss retries only a job
  // that died (a worker gone, the database away). Long videos are sent in pieces of ten minutes.
  'transcript.make': { retryLimit: 2, retryDelay: 10, expireInSeconds: 2 * 60 * 60, heartbeatSeconds: 30 },
  'uploads.sweep': { ...SHORT, expireInSeconds: 30 * 60 },
  // Retries are the delivery's own (a day-long schedule in webhook_deliveries, decision 037), not pg-boss's: a
  // worker that dies mid-attempt leaves the delivery 'queued', and the relay hands it out again after a while.
  'webhook.deliver': { retryLimit: 0, retryDelay: 1, expireInSeconds: 2 * 60, heartbeatSeconds: 30 },
};

export const JOB_NAMES = Object.keys(JOB_OPTIONS) as TJobName[];
