import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  canChangeStatus,
  compareApplicants,
  csvSort,
  isFinalForEmployer,
  menuStatuses,
  PAGE_ACTION_STATUS,
  pageActions,
  STATUS_LETTER,
  STATUS_LIST_ORDER,
  ZApplicantListQuery,
  ZApplicantsCsvRequest,
  ZMarkRequest,
  ZNoteRequest,
  type TApplicationStatus,
  type TPageAction,
} from '../src/applicants.ts';
import { ROLES, type TRole } from '../src/constants.ts';

const ACTORS: TRole[] = [ROLES.jobManager, ROLES.admin];

describe('status menu, the first reading of spec 2 §4', () => {
  it.each(APPLICATION_STATUSES.filter((s) => s !== 'withdrawn'))(
    'from %s offers every status but the current one and withdrawn',
    (current) => {
      const expected = APPLICATION_STATUSES.filter((s) => s !== current && s !== 'withdrawn');
      for (const role of ACTORS) expect(menuStatuses(current, role)).toEqual(expected);
    },
  );

  it('offers nothing once the candidate withdrew: the withdrawal is final for the employer', () => {
    for (const role of ACTORS) expect(menuStatuses('withdrawn', role)).toEqual([]);
    expect(isFinalForEmployer('withdrawn')).toBe(true);
    expect(APPLICATION_STATUSES.filter(isFinalForEmployer)).toEqual(['withdrawn']);
  });

  it.each(APPLICATION_STATUSES)('from %s offers a viewer nothing', (current) => {
    expect(menuStatuses(current, ROLES.viewer)).toEqual([]);
  });

  it('opens the email dialog of hired, rejected, interviewing and shortlisted only', () => {
    expect(STATUS_LETTER).toEqual({
      hired: 'hire',
      rejected: 'rejection',
      interviewing: 'connection',
      shortlisted: 'shortlist',
    });
  });

  it('lists statuses in the spec order', () => {
    expect(STATUS_LIST_ORDER).toEqual([
      'withdrawn',
      'rejected',
      'new',
      'shortlisted',
      'interviewing',
      'hired',
    ]);
    expect([...STATUS_LIST_ORDER].sort()).toEqual([...APPLICATION_STATUSES].sort());
  });
});

describe('applicant page actions, the second reading of spec 2 §4', () => {
  const expected: Record<TApplicationStatus, TPageAction[]> = {
    new: ['reject', 'interview'],
    shortlisted: ['reject', 'interview'],
    interviewing: ['reject', 'hire'],
    // Terminal on the page: rejected and hired (spec), withdrawn (the candidate left).
    hired: [],
    rejected: [],
    withdrawn: [],
  };

  it.each(APPLICATION_STATUSES)('from %s for managers and admins', (current) => {
    for (const role of ACTORS) expect(pageActions(current, role)).toEqual(expected[current]);
  });

  it.each(APPLICATION_STATUSES)('from %s offers a viewer nothing', (current) => {
    expect(pageActions(current, ROLES.viewer)).toEqual([]);
  });

  it('offers Hire only from interviewing and Interview never from interviewing', () => {
    for (const s of APPLICATION_STATUSES) {
      expect(pageActions(s, ROLES.admin).includes('hire')).toBe(s === 'interviewing');
      if (s === 'interviewing') expect(pageActions(s, ROLES.admin)).not.toContain('interview');
    }
  });

  it('asks only for changes the server allows', () => {
    for (const from of APPLICATION_STATUSES)
      for (const action of pageActions(from, ROLES.jobManager))
        expect(canChangeStatus(from, PAGE_ACTION_STATUS[action], ROLES.jobManager)).toBe(true);
  });
});

describe('canChangeStatus, the server rule', () => {
  it('allows every change to another status but withdrawn, and none from withdrawn, for managers and admins', () => {
    for (const role of ACTORS)
      for (const from of APPLICATION_STATUSES)
        for (const to of APPLICATION_STATUSES)
          expect(canChangeStatus(from, to, role), `${from} -> ${to}`).toBe(
            from !== to && to !== 'withdrawn' && from !== 'withdrawn',
          );
  });

  it('refuses viewers every change', () => {
    for (const from of APPLICATION_STATUSES)
      for (const to of APPLICATION_STATUSES) expect(canChangeStatus(from, to, ROLES.viewer)).toBe(false);
  });
});

describe('sorting (spec 2 §4: rating is markAvg, else aiFitScore)', () => {
  const a = (id: string, day: number, markAvg: number | null, aiFitScore: number | null) => ({
    _id: id,
    sentAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
    markAvg,
    aiFitScore,
  });
  const list = [
    a('marked-low', 1, 2, 4.9), // the mark wins over a higher AI score
    a('ai-only', 2, null, 3.5),
    a('unrated-old', 3, null, null),
    a('marked-high', 4, 4.5, null),
    a('unrated-new', 5, null, null),
    a('tie-old', 6, 3.5, null),
  ];
  const order = (sort: Parameters<typeof compareApplicants>[0]) =>
    [...list].sort(compareApplicants(sort)).map((x) => x._id);

  it('sorts by rating high to low with unrated last and ties newest first', () => {
    expect(order('rating-high')).toEqual([
      'marked-high',
      'tie-old',
      'ai-only',
      'marked-low',
      'unrated-new',
      'unrated-old',
    ]);
  });

  it('sorts by rating low to high with unrated still last', () => {
    expect(order('rating-low')).toEqual([
      'marked-low',
      'tie-old',
      'ai-only',
      'marked-high',
      'unrated-new',
      'unrated-old',
    ]);
  });

  it('sorts newest first by default and oldest first on request', () => {
    expect(order('newest')).toEqual(list.map((x) => x._id).reverse());
    expect(order('oldest')).toEqual(list.map((x) => x._id));
  });

  it('maps the CSV sort options to the list sorts', () => {
    expect(csvSort({})).toBe('newest');
    expect(csvSort({ sortByDate: 1 })).toBe('oldest');
    expect(csvSort({ sortByDate: -1 })).toBe('newest');
    expect(csvSort({ sortByRate: -1 })).toBe('rating-high');
    expect(csvSort({ sortByRate: 1, sortByDate: -1 })).toBe('rating-low');
  });
});

describe('request schemas', () => {
  it('reads the status filter case-insensitively and defaults the page', () => {
    expect(ZApplicantListQuery.parse({ status: ' ShortListed ' })).toEqual({
      status: 'shortlisted',
      sort: 'newest',
      skip: 0,
      limit: 10,
    });
    expect(ZApplicantListQuery.safeParse({ status: 'maybe' }).success).toBe(false);
    expect(ZApplicantListQuery.safeParse({ sort: 'random' }).success).toBe(false);
    expect(ZApplicantListQuery.parse({ skip: '20', limit: '12' })).toMatchObject({ skip: 20, limit: 12 });
    expect(ZApplicantListQuery.safeParse({ limit: '51' }).success).toBe(false);
    expect(ZApplicantsCsvRequest.parse({ status: 'HIRED', sortByRate: -1 })).toEqual({
      status: 'hired',
      sortByRate: -1,
    });
    expect(ZApplicantsCsvRequest.safeParse({ sortByDate: 2 }).success).toBe(false);
  });

  it('needs note text and marks from 1 to 5 (spec 2 §5)', () => {
    expect(ZNoteRequest.safeParse({ text: '   ' }).success).toBe(false);
    expect(ZNoteRequest.parse({ text: ' Strong ' })).toEqual({ text: 'Strong', isFeedback: false });
    for (const mark of [1, 5]) expect(ZMarkRequest.safeParse({ mark }).success).toBe(true);
    for (const mark of [0, 6, 2.5]) expect(ZMarkRequest.safeParse({ mark }).success).toBe(false);
  });
});
