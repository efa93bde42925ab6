import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api.ts';
import { makeApplicant } from '../components/applicant-test-utils.tsx';
import { findNeighbours } from './get-applicant-neighbours.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);

/** A list endpoint over `all`; answers the reads it was asked for. */
function listApi(all: string[]) {
  const calls = mockApi((call) => {
    const url = new URL(call.path, 'http://x');
    const skip = Number(url.searchParams.get('skip'));
    const limit = Number(url.searchParams.get('limit'));
    const applicants = all.slice(skip, skip + limit).map((_id) => makeApplicant({ _id }));
    return { body: { data: { applicants, count: all.length, countExact: true, statistic: {} } } };
  });
  return () => calls.map((c) => new URL(c.path, 'http://x').searchParams.toString());
}

const find = (applicantId: string, hint: number) =>
  findNeighbours({ jobId: 'job-1', applicantId, filter: { status: 'new' }, hint });

describe('findNeighbours (spec 2 §2 previous/next arrows)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads one window around the hint', async () => {
    const reads = listApi(ids(300));
    expect(await find('id103', 100)).toEqual({
      index: 103,
      count: 300,
      previous: { id: 'id102', index: 102 },
      next: { id: 'id104', index: 104 },
    });
    expect(reads()).toEqual(['status=new&skip=80&limit=50']);
  });

  it('reads the missing neighbour when the applicant sits at the edge of the window', async () => {
    const reads = listApi(ids(300));
    expect((await find('id49', 0)).next).toEqual({ id: 'id50', index: 50 });
    expect(reads()).toEqual(['status=new&skip=0&limit=50', 'status=new&skip=48&limit=3']);
  });

  it('scans the first pages when the hint is wrong', async () => {
    const reads = listApi(ids(300));
    const found = await find('id120', 250);
    expect(found).toMatchObject({ index: 120, previous: { id: 'id119' }, next: { id: 'id121' } });
    expect(reads()).toEqual([
      'status=new&skip=230&limit=50',
      'status=new&skip=0&limit=50',
      'status=new&skip=50&limit=50',
      'status=new&skip=100&limit=50',
    ]);
  });

  it('has no arrows for an applicant that is not in the list, nor past its ends', async () => {
    listApi(ids(3));
    expect(await find('gone', 0)).toEqual({ index: null, count: 3, previous: null, next: null });
    expect(await find('id0', 0)).toMatchObject({ previous: null, next: { id: 'id1' } });
    expect(await find('id2', 0)).toMatchObject({ previous: { id: 'id1' }, next: null });
  });
});
