import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicantMessages } from '@hirecast/domain/applicants';
import {
  applicantsServer,
  listRequests,
  makeApplicant,
  makeJob,
  renderApplicantsPage,
} from '../components/applicants-test-utils.tsx';
import { Component as JobApplicants, NARROW_MEDIA } from './job-applicants.tsx';

const location = () => screen.getByTestId('location').textContent ?? '';

// jsdom has no layout: answer `matches` for the page's narrow query only.
function stubViewport({ narrow }: { narrow: boolean }) {
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: narrow && media === NARROW_MEDIA,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

const withVideo = makeApplicant({
  _id: 'v1',
  name: 'Mary Seacole',
  sentAt: '2026-11-04T12:00:00.000Z',
  _profile: {
    ...makeApplicant({ name: 'Mary Seacole' })._profile,
    _introduction: {
      assetId: '00000000-0000-4000-8000-0000000000a2',
      status: 'ready',
      question: null,
      data: {
        videoUrl: '/v.mp4',
        thumbnailUrl: '/thumb.jpg',
        customThumbnailUrl: null,
        videoMp4Url: null,
        videoMp4Url_720p: null,
        image640: '/poster-640.jpg',
      },
    },
  },
});

describe('applicants views', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows cards of 12 in the grid view, with D MMMM YYYY dates and the video poster', async () => {
    stubViewport({ narrow: false });
    const calls = applicantsServer({ applicants: [withVideo, makeApplicant({ _id: 'a1' })] });
    renderApplicantsPage(<JobApplicants />, { path: '/jobs/job-1/view?viewMode=grid' });

    const cards = await screen.findByRole('list', { name: 'Applicants' });
    expect(listRequests(calls).at(-1)).toMatchObject({ skip: '0', limit: '12' });
    const mary = within(cards).getByRole('link', { name: /Mary Seacole/ });
    expect(mary).toHaveAttribute('href', '/applications/job-1/v1/view?index=0');
    expect(mary.querySelector('img')).toHaveAttribute('src', '/poster-640.jpg');
    expect(within(cards).getByText('4 November 2026')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grid view' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    await waitFor(() => expect(location()).toBe('/jobs/job-1/view'));
    expect(await screen.findByRole('table', { name: 'Applicants' })).toBeInTheDocument();
    await waitFor(() => expect(listRequests(calls).at(-1)).toMatchObject({ limit: '10' }));
  });

  it('forces the grid at 900 px or narrower and hides the switch', async () => {
    stubViewport({ narrow: true });
    const calls = applicantsServer({ applicants: [withVideo] });
    renderApplicantsPage(<JobApplicants />, { path: '/jobs/job-1/view?viewMode=list' });

    expect(await screen.findByRole('list', { name: 'Applicants' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'List view' })).not.toBeInTheDocument();
    expect(listRequests(calls).every((r) => r.limit === '12')).toBe(true);
  });

  it('truncates a long title to 50 characters and keeps the full title for the tooltip', async () => {
    const title = 'Senior Sous Chef for our new riverside restaurant in central Leeds';
    applicantsServer({ job: makeJob({ _id: 'job-1', title }), applicants: [makeApplicant()] });
    renderApplicantsPage(<JobApplicants />);

    const heading = await screen.findByRole('heading', { level: 1, name: title });
    expect(heading.textContent).toBe(`${title.slice(0, 50).trimEnd()}…`);
    // The keyboard reaches it, after the back link (jsdom has no :focus-visible, so the tooltip is hovered).
    const user = userEvent.setup();
    await user.tab();
    await user.tab();
    expect(heading).toHaveFocus();
    await user.hover(heading);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(title);
  });

  it("names an untitled job 'Untitled Job'", async () => {
    applicantsServer({ job: makeJob({ _id: 'job-1', title: '  ' }), applicants: [makeApplicant()] });
    renderApplicantsPage(<JobApplicants />);
    expect(
      await screen.findByRole('heading', { level: 1, name: applicantMessages.untitledJob }),
    ).toBeInTheDocument();
  });

  it('says when a search finds nobody, and resets from there', async () => {
    applicantsServer({ applicants: [makeApplicant()] });
    renderApplicantsPage(<JobApplicants />, { path: '/jobs/job-1/view?search=zzz' });

    expect(await screen.findByText(applicantMessages.emptyQueryTitle)).toBeInTheDocument();
    expect(screen.getByText(applicantMessages.emptyQueryText)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('explains a job that sends candidates elsewhere', async () => {
    applicantsServer({
      job: makeJob({
        _id: 'job-1',
        customApplication: true,
        customApplicationURL: 'https://careers.acme.com/chef',
      }),
    });
    renderApplicantsPage(<JobApplicants />);

    expect(await screen.findByText(/careers\.acme\.com\/chef/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Filter by status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go to Jobs' }));
    await waitFor(() => expect(location()).toBe('/jobs'));
  });

  it('welcomes a job with no applicants yet', async () => {
    applicantsServer({ job: makeJob({ _id: 'job-1', status: 'open' }) });
    renderApplicantsPage(<JobApplicants />);

    expect(await screen.findByRole('heading', { name: 'No applicants yet' })).toBeInTheDocument();
    expect(screen.getByText(/Share the job/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Preview listing/ })).toHaveAttribute('href', '/preview/job-1');
  });

  it('shows the error page with Go back when the job cannot be read', async () => {
    applicantsServer({ jobStatus: 404 });
    renderApplicantsPage(<JobApplicants />);

    expect(
      await screen.findByRole('heading', { name: applicantMessages.jobUnavailable }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(location()).toBe('/jobs'));
  });

  it('shows skeletons while loading', async () => {
    applicantsServer({ applicants: [makeApplicant()] });
    renderApplicantsPage(<JobApplicants />);
    expect(screen.getByRole('table', { name: 'Loading applicants' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });
});
