import dayjs from 'dayjs';
import { applicantRating, type TApplicationStatus } from '@hirecast/domain/applicants';
import type { TApplicant } from '@hirecast/domain/application';
import { JOB_LIMITS } from '@hirecast/domain/job';

// How an applicant reads in the list and the grid (spec 2 §2, §4, §9).

export const applicantName = (a: TApplicant) =>
  `${a._profile.personalInfo.firstName} ${a._profile.personalInfo.lastName}`.trim() || a._profile._user.email;

/** spec 2 §4: the average mark, else the AI fit score, with one decimal; null when neither exists. */
export const formatRating = (a: TApplicant) => {
  const rating = applicantRating(a);
  return rating === null ? null : rating.toFixed(1);
};

/** spec 2 §2: the table shows DD/MM/YYYY, the cards D MMMM YYYY. */
export const tableDate = (iso: string) => dayjs(iso).format('DD/MM/YYYY');
export const cardDate = (iso: string) => dayjs(iso).format('D MMMM YYYY');

/** The video introduction's poster: a custom thumbnail first, then the processed frames. */
export const posterUrl = (a: TApplicant) => {
  const data = a._profile._introduction?.data;
  return data?.customThumbnailUrl || data?.image640 || data?.thumbnailUrl || null;
};

/** The applicant page; `query` carries the list's filters and the applicant's position in it (the page's
 * previous/next arrows walk that list). */
export const applicantPath = (jobId: string, applicantId: string, query?: URLSearchParams) =>
  `/applications/${encodeURIComponent(jobId)}/${encodeURIComponent(applicantId)}/view${
    query && query.size > 0 ? `?${query.toString()}` : ''
  }`;

/** spec 2 §2 and §9: job titles over 50 characters end with an ellipsis (the full title is in a tooltip). */
export const truncateTitle = (title: string) =>
  title.length > JOB_LIMITS.titleTruncate ? `${title.slice(0, JOB_LIMITS.titleTruncate).trimEnd()}…` : title;

/**
 * spec 2 §4 badge colours (STATUS_COLOURS names them): tinted backgrounds with text dark enough for WCAG AA
 * contrast on them.
 */
export const BADGE_PALETTE: Record<
  'grey' | 'amber' | 'red' | 'orange' | 'purple' | 'green',
  { bg: string; fg: string; dot: string }
> = {
  grey: { bg: '#ECEEEC', fg: '#3F4843', dot: '#7A847F' },
  amber: { bg: '#FDF1CF', fg: '#6E4B00', dot: '#D9A011' },
  red: { bg: '#FBE1DE', fg: '#8E2117', dot: '#C0392B' },
  orange: { bg: '#FDE6D2', fg: '#7F3A06', dot: '#E07A1F' },
  purple: { bg: '#EEE3F8', fg: '#5A2D82', dot: '#8E55C4' },
  green: { bg: '#DDF1E6', fg: '#1C5C3F', dot: '#2E7D5B' },
};

export type TStatusCounts = Partial<Record<TApplicationStatus, number>>;
export const totalCount = (statistic: TStatusCounts) =>
  Object.values(statistic).reduce((sum, n) => sum + (n ?? 0), 0);
