import type { TJob } from '@hirecast/domain/job';
import { makeJob as makeBaseJob } from '../../../../test/fixtures.ts';

// A stored job as GET /job/{id} answers it, for component tests.
export const makeJob = (over: Partial<TJob> = {}): TJob =>
  makeBaseJob({
    _company: 'company-1',
    title: 'Barista',
    postHeading: 'Join us as a {{jobTitle}}',
    description: { ops: [{ insert: 'Make great coffee.\n' }] },
    isFirstJob: true,
    linkData: { location: 'leeds', title: 'barista', companyName: 'acme' },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });
