import { describe, expect, it } from 'vitest';
import { listLink, neighbourLink, readIndexHint, readListFilter, shareLink } from './applicant-params.ts';

const q = (query: string) => new URLSearchParams(query);

describe('applicant page query', () => {
  it('reads the list filters, ignoring what the list would not accept', () => {
    expect(readListFilter(q('status=Rejected&search=%20ada%20&sort=rating-high'))).toEqual({
      status: 'rejected',
      search: 'ada',
      sort: 'rating-high',
    });
    expect(readListFilter(q('status=archived&sort=best&search='))).toEqual({});
  });

  it('takes the position from index, else from the 1-based page and its view mode', () => {
    expect(readIndexHint(q('index=37&page=2'))).toBe(37);
    expect(readIndexHint(q('page=3'))).toBe(20);
    expect(readIndexHint(q('page=3&viewMode=grid'))).toBe(24);
    expect(readIndexHint(q('page=x'))).toBe(0);
    expect(readIndexHint(q(''))).toBe(0);
  });

  it('links back to the list and on to a neighbour keeping the filters', () => {
    const params = q('status=new&sort=oldest&page=2&index=11');
    expect(listLink('job-1', params)).toBe('/jobs/job-1/view?status=new&sort=oldest&page=2');
    expect(listLink('job-1', q('index=3'))).toBe('/jobs/job-1/view');
    expect(neighbourLink('job-1', params, { id: 'b 2', index: 12 })).toBe(
      '/applications/job-1/b%202/view?status=new&sort=oldest&page=2&index=12',
    );
    expect(shareLink('https://app.hirecast.test', 'job-1', 'a1')).toBe(
      'https://app.hirecast.test/applications/job-1/a1/view',
    );
  });
});
