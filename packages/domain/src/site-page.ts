import type { z } from 'zod';
import type { TPublicCompanyPage, TPublicStory } from './company-page.ts';
import type { TCompanyPageTabQuery } from './company-page-rules.ts';
import type { ZCandidateApplication } from './application.ts';
import type { TCandidateInterview, TInterviewClosed, ZGuestReview } from './interview.ts';
import type { TExportOutcome, TKeepOutcome, TSiteBrand } from './privacy-pages.ts';
import type { TPublicJob } from './public-job.ts';

/** What the server passes to the site renderer and, as JSON in the page, to hydration. */
export type TSitePage =
  | { kind: 'job'; job: TPublicJob; preview: boolean; siteUrl: string }
  | {
      kind: 'application';
      token: string;
      application: z.infer<typeof ZCandidateApplication>;
      siteUrl: string;
    }
  // `text`: what could not be found (a job when not given).
  | { kind: 'not-found'; siteUrl: string; text?: string; gone?: boolean }
  // Issue 15: the public company page (embed: without the site's chrome, for an iframe) and a story.
  | { kind: 'company'; page: TPublicCompanyPage; tab: TCompanyPageTabQuery; embed: boolean; siteUrl: string }
  | { kind: 'story'; story: TPublicStory; siteUrl: string }
  // Issue 25: the candidate's interview (private link) and an outside reviewer's page (share link).
  | { kind: 'interview'; token: string; interview: TCandidateInterview; siteUrl: string }
  // Issue 33 item 2: a link that no longer takes answers (expired, job closed, withdrawn), answered with 410.
  | { kind: 'interview-closed'; token: string; closed: TInterviewClosed; siteUrl: string }
  | { kind: 'interview-review'; token: string; review: z.infer<typeof ZGuestReview>; siteUrl: string }
  // Issue 33 item 7: the privacy emails' links, branded with the company when it is known.
  | { kind: 'keep'; brand: TSiteBrand | null; outcome: TKeepOutcome; siteUrl: string }
  | { kind: 'data-export'; brand: TSiteBrand | null; outcome: TExportOutcome; siteUrl: string };
