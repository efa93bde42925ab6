import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { jobMessages } from '@hirecast/domain/job-messages';
import { makeJob } from '../../../../test/fixtures.ts';
import { makeMe, mockApi, renderWithApp } from '../dashboard/dashboard-test-utils.tsx';
import { JobEditHeader } from './job-edit-header.tsx';

describe('JobEditHeader', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says Edit with the save status to someone who can edit', () => {
    mockApi(() => undefined);
    renderWithApp(<JobEditHeader job={makeJob({ title: 'Barista' })} status="saved" />, { me: makeMe() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Edit$/);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(screen.queryByText('Read-only')).not.toBeInTheDocument();
  });

  it('says the page is read-only to a viewer, and never Edit', () => {
    mockApi(() => undefined);
    renderWithApp(<JobEditHeader job={makeJob({ title: 'Barista' })} status="idle" readOnly />, {
      me: makeMe({ role: 0 }),
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^View job$/);
    expect(screen.getByText('Read-only')).toBeInTheDocument();
    expect(screen.getByText('Read-only').closest('[title]')).toHaveAttribute(
      'title',
      jobMessages.viewerCannotEdit,
    );
    expect(screen.queryByRole('heading', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
