import { describe, expect, it } from 'vitest';
import { csvRequest } from '../api/export-applicants.ts';
import {
  hasActiveFilters,
  readApplicantsParams,
  resetApplicantsParams,
  writeApplicantsParams,
} from './applicants-params.ts';

const q = (s: string) => new URLSearchParams(s);

describe('applicants URL parameters', () => {
  it('reads defaults, a case-insensitive status, and ignores what it does not know', () => {
    expect(readApplicantsParams(q(''))).toEqual({
      status: null,
      search: '',
      sort: 'newest',
      interview: null,
      page: 1,
      viewMode: 'list',
    });
    expect(
      readApplicantsParams(q('status=Shortlisted&sort=rating-low&interview=completed&page=3&viewMode=grid')),
    ).toEqual({
      status: 'shortlisted',
      search: '',
      sort: 'rating-low',
      interview: 'completed',
      page: 3,
      viewMode: 'grid',
    });
    expect(
      readApplicantsParams(q('status=archived&sort=best&interview=maybe&page=-2&viewMode=table')),
    ).toMatchObject({
      interview: null,
      status: null,
      sort: 'newest',
      page: 1,
      viewMode: 'list',
    });
  });

  it('starts again at page 1 when a filter changes, and leaves defaults out', () => {
    expect(writeApplicantsParams(q('page=4&sort=oldest'), { search: 'ann' }).toString()).toBe(
      'sort=oldest&search=ann',
    );
    expect(writeApplicantsParams(q('page=4'), { viewMode: 'grid' }).toString()).toBe('viewMode=grid');
    expect(writeApplicantsParams(q('page=4&status=new'), { status: 'new' }).toString()).toBe(
      'page=4&status=new',
    );
    expect(writeApplicantsParams(q('status=new'), { page: 2 }).toString()).toBe('status=new&page=2');
    expect(writeApplicantsParams(q('sort=oldest&other=1'), { sort: 'newest' }).toString()).toBe('other=1');
  });

  it('resets the filters but keeps the view mode', () => {
    expect(resetApplicantsParams(q('status=new&search=a&sort=oldest&page=2&viewMode=grid')).toString()).toBe(
      'viewMode=grid',
    );
    expect(hasActiveFilters(readApplicantsParams(q('viewMode=grid')))).toBe(false);
    expect(hasActiveFilters(readApplicantsParams(q('sort=oldest')))).toBe(true);
  });
});

describe('CSV request', () => {
  it('spells the sort as sortByRate or sortByDate and adds the status filter', () => {
    expect(csvRequest(null, 'newest')).toEqual({ sortByDate: -1 });
    expect(csvRequest(null, 'oldest')).toEqual({ sortByDate: 1 });
    expect(csvRequest('hired', 'rating-high')).toEqual({ status: 'hired', sortByRate: -1 });
    expect(csvRequest(null, 'rating-low')).toEqual({ sortByRate: 1 });
  });
});
