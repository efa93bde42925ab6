import { z } from 'zod';

// Issue 35: signed webhooks (Standard Webhooks) and Slack / Microsoft Teams messages
// (docs/decisions/037-webhooks.md). The event types, what each payload carries, and the chat message formats
// live here, shared by the server (which builds and sends them) and the web app (which lists them).

export const WEBHOOK_EVENT_TYPES = [
  'application.created',
  'application.status_changed',
  'application.withdrawn',
  'application.erased',
  'interview.invited',
  'interview.completed',
  'interview.rated',
  'job.published',
  'job.closed',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** "Send test event": delivered to the one endpoint asked, never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type TAnyWebhookEventType = TWebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<TWebhookEventType, string> = {
  'application.created': 'New application',
  'application.status_changed': 'Application status changed',
  'application.withdrawn': 'Application withdrawn',
  'application.erased': 'Candidate data erased',
  'interview.invited': 'Interview invitation sent',
  'interview.completed': 'Interview completed',
  'interview.rated': 'Interview rated',
  'job.published': 'Job published',
  'job.closed': 'Job closed',
};

/** What a Slack or Teams channel is told about (issue 35 item 3). */
export const CHAT_EVENT_TYPES = [
  'application.created',
  'interview.completed',
  'application.status_changed',
] as const satisfies readonly TWebhookEventType[];

export const WEBHOOK_KINDS = ['webhook', 'slack', 'teams'] as const;
export type TWebhookKind = (typeof WEBHOOK_KINDS)[number];
export const CHAT_KINDS = ['slack', 'teams'] as const;

/** The payload version: a receiver reads `version` before `data`; a change that removes or renames bumps it. */
export const WEBHOOK_PAYLOAD_VERSION = 1;

// Retries after a failed attempt: about a day in all (decision 037). Six retries after the first attempt.
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 60 * 60_000,
  5 * 60 * 60_000,
  10 * 60 * 60_000,
] as const;
/** An endpoint failing without a single success for this long is disabled, and the admins are told once. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 60 * 60_000;
/** After a rotation the old secret keeps signing beside the new one for this long. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 60 * 60_000;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_SNIPPET = 500;

export const webhookMessages = {
  urlInvalid: 'Enter a valid URL starting with https://',
  httpsRequired: 'Webhook URLs must start with https://',
  addressRefused: 'This URL points to a private or local network address, which webhooks cannot reach.',
  chatUrlInvalid: 'Enter the incoming webhook URL your Slack or Teams channel gave you.',
  eventsRequired: 'Choose at least one event',
  disabledFailing: 'Disabled after failing continuously for 3 days',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Payloads: small, ids first, names for people reading a chat message, links to the API for the rest.

export type TPayloadJob = { id: string; title: string; status?: string };
export type TPayloadApplication = {
  id: string;
  jobId: string;
  status: string;
  /** Absent in application.erased: the person is gone. */
  candidate?: { firstName: string; lastName: string };
};
export type TPayloadInterview = { id: string; applicationId: string; status: string; rating?: number | null };

export type TWebhookPayload = {
  type: TAnyWebhookEventType;
  /** When the change happened (ISO 8601). */
  timestamp: string;
  version: typeof WEBHOOK_PAYLOAD_VERSION;
  data: {
    job?: TPayloadJob;
    application?: TPayloadApplication;
    interview?: TPayloadInterview;
    previousStatus?: string;
    /** Paths under the installation's address; made absolute when sent. */
    links?: Record<string, string>;
  };
};

export const applicationLinks = (jobId: string, applicationId: string) => ({
  api: `/api/job/${jobId}/application/${applicationId}`,
  app: `/applications/${jobId}/${applicationId}/view`,
});
export const jobLinks = (jobId: string) => ({ api: `/api/job/${jobId}`, app: `/jobs/${jobId}/view` });

/** The application events' data: the application (with the candidate's name unless erased) and its job. */
export function buildApplicationEventData(input: {
  type: TWebhookEventType;
  application: { id: string; jobId: string; status: string; firstName: string; lastName: string };
  job: { id: string; title: string };
  previousStatus?: string;
  interview?: TPayloadInterview;
}): TWebhookPayload['data'] {
  const { application: a, job } = input;
  const erased = input.type === 'application.erased';
  return {
    job: { id: job.id, title: job.title },
    application: {
      id: a.id,
      jobId: a.jobId,
      status: a.status,
      ...(!erased && { candidate: { firstName: a.firstName, lastName: a.lastName } }),
    },
    ...(input.previousStatus && { previousStatus: input.previousStatus }),
    ...(input.interview && { interview: input.interview }),
    links: erased ? {} : applicationLinks(job.id, a.id),
  };
}

export function buildJobEventData(job: { id: string; title: string; status: string }) {
  return { job: { id: job.id, title: job.title, status: job.status }, links: jobLinks(job.id) };
}

export function buildPayload(
  type: TAnyWebhookEventType,
  data: TWebhookPayload['data'],
  at: Date,
): TWebhookPayload {
  return { type, timestamp: at.toISOString(), version: WEBHOOK_PAYLOAD_VERSION, data };
}

/** The payload as sent: links made absolute with the installation's address. */
export function payloadForDelivery(payload: TWebhookPayload, baseUrl: string): TWebhookPayload {
  const links = payload.data.links;
  if (!links) return payload;
  const absolute = Object.fromEntries(Object.entries(links).map(([k, v]) => [k, `${baseUrl}${v}`]));
  return { ...payload, data: { ...payload.data, links: absolute } };
}

/** The payload without the person (erasure): names dropped, nothing else needed. */
export function scrubPayload(payload: TWebhookPayload): TWebhookPayload {
  const application = payload.data.application;
  if (!application?.candidate) return payload;
  const { candidate: _candidate, ...rest } = application;
  return { ...payload, data: { ...payload.data, application: rest } };
}

// ---------------------------------------------------------------------------------------------------------
// Slack (Block Kit) and Microsoft Teams (an Adaptive Card in the message format Teams Workflows accept).

export type TChatMessage = { title: string; lines: string[]; link?: string };

const STATUS_WORDS: Record<string, string> = {
  new: 'New',
  shortlisted: 'Shortlisted',
  interviewing: 'Interviewing',
  offered: 'Offered',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};
const statusWord = (s: string) => STATUS_WORDS[s] ?? s;

/** The words of a chat message: the job, the candidate's name (or the ids only), a link to the applicant page. */
export function chatMessageOf(
  payload: TWebhookPayload,
  { idsOnly, baseUrl }: { idsOnly: boolean; baseUrl: string },
): TChatMessage {
  const { application, job } = payload.data;
  const who =
    !idsOnly && application?.candidate
      ? `${application.candidate.firstName} ${application.candidate.lastName}`
      : application
        ? `Applicant ${application.id}`
        : '';
  const jobLine = job ? (idsOnly ? `Job ${job.id}` : job.title) : '';
  const link = application && job ? `${baseUrl}${applicationLinks(job.id, application.id).app}` : undefined;
  switch (payload.type) {
    case 'application.created':
      return { title: `New application: ${who}`, lines: [`Job: ${jobLine}`], link };
    case 'interview.completed':
      return { title: `Interview completed: ${who}`, lines: [`Job: ${jobLine}`], link };
    case 'application.status_changed':
      return {
        title: `Status changed: ${who}`,
        lines: [
          `Job: ${jobLine}`,
          `Status: ${payload.data.previousStatus ? `${statusWord(payload.data.previousStatus)} → ` : ''}${statusWord(application?.status ?? '')}`,
        ],
        link,
      };
    default:
      return {
        title: 'Hirecast is connected',
        lines: ['This channel will be told about new applications, completed interviews and status changes.'],
        link: `${baseUrl}/settings?tab=integrations`,
      };
  }
}

export function slackMessage(message: TChatMessage) {
  return {
    text: message.title,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*${escapeSlack(message.title)}*` } },
      {
        type: 'context',
        elements: [
          ...message.lines.map((line) => ({ type: 'mrkdwn', text: escapeSlack(line) })),
          ...(message.link ? [{ type: 'mrkdwn', text: `<${message.link}|Open in Hirecast>` }] : []),
        ],
      },
    ],
  };
}

// Slack's mrkdwn treats &, < and > as control characters.
const escapeSlack = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function teamsMessage(message: TChatMessage) {
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: message.title, weight: 'Bolder', size: 'Medium', wrap: true },
            ...message.lines.map((line) => ({ type: 'TextBlock', text: line, wrap: true, isSubtle: true })),
          ],
          ...(message.link && {
            actions: [{ type: 'Action.OpenUrl', title: 'Open in Hirecast', url: message.link }],
          }),
        },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------
// API

const ZEventType = z.enum(WEBHOOK_EVENT_TYPES);

export const ZCreateWebhookRequest = z
  .object({
    kind: z.enum(WEBHOOK_KINDS).default('webhook'),
    url: z.string().trim().min(1, webhookMessages.urlInvalid).max(2000),
    description: z.string().trim().max(200).default(''),
    /** Webhooks: the events chosen. Slack and Teams are told about CHAT_EVENT_TYPES. */
    events: z.array(ZEventType).max(WEBHOOK_EVENT_TYPES.length).default([]),
    /** Slack and Teams: one job's channel (null: every job). */
    jobId: z.string().uuid().nullable().default(null),
    /** Slack and Teams: the job and the applicant by id only, no names. */
    idsOnly: z.boolean().default(false),
  })
  .strict();
export type TCreateWebhookRequest = z.output<typeof ZCreateWebhookRequest>;

export const ZUpdateWebhookRequest = z
  .object({
    url: z.string().trim().min(1).max(2000).optional(),
    description: z.string().trim().max(200).optional(),
    events: z.array(ZEventType).max(WEBHOOK_EVENT_TYPES.length).optional(),
    enabled: z.boolean().optional(),
    idsOnly: z.boolean().optional(),
  })
  .strict();
export type TUpdateWebhookRequest = z.output<typeof ZUpdateWebhookRequest>;

export const ZWebhookEndpoint = z.object({
  _id: z.string(),
  kind: z.enum(WEBHOOK_KINDS),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  jobId: z.string().nullable(),
  idsOnly: z.boolean(),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  /** Until then the previous secret signs too (after a rotation). */
  previousSecretExpiresAt: z.string().nullable(),
  lastDelivery: z.object({ at: z.string(), statusCode: z.number().nullable(), ok: z.boolean() }).nullable(),
  createdAt: z.string(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

/** The answer of create and rotate: the only time the secret is shown. */
export const ZWebhookWithSecret = ZWebhookEndpoint.extend({ secret: z.string().nullable() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

export const ZWebhookDelivery = z.object({
  _id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  state: z.enum(['pending', 'queued', 'delivering', 'succeeded', 'failed']),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      statusCode: z.number().int().nullable(),
      durationMs: z.number().int(),
      response: z.string(),
      error: z.string().nullable(),
      at: z.string(),
    }),
  ),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
