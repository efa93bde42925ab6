import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { privacyMessages } from '@hirecast/domain/privacy';
import { applicantMessages } from '@hirecast/domain/applicants';
import {
  applicantServer,
  makeApplicant,
  makeJob,
  renderApplicantPage,
  stubPhone,
} from '../components/applicant-test-utils.tsx';

const location = () => screen.getByTestId('location').textContent;

describe('applicant page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads the job, then the applicant, and shows the video, answer, card, CV and career', async () => {
    const calls = applicantServer();
    renderApplicantPage();
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    const paths = calls.map((c) => c.path);
    expect(paths.indexOf('/job/job-1')).toBeLessThan(paths.indexOf('/job/candidate/a1'));

    // The video introduction: 720p first, with the poster and the question it answered.
    const video = screen.getByLabelText('Video introduction of Grace Hopper');
    expect(video).toHaveAttribute('src', '/files/intro-720.mp4');
    expect(video).toHaveAttribute('poster', '/files/intro.jpg');
    expect(screen.getByText('Why do you want this job?')).toBeInTheDocument();

    // The custom question's answer as a header, under the job's question.
    expect(screen.getByRole('heading', { name: 'Two years of fine dining' })).toBeInTheDocument();
    expect(screen.getByText('Your best dish?')).toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Grace Hopper' });
    expect(within(card).getByText('Sous Chef')).toBeInTheDocument();
    expect(within(card).getByText('Leeds')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute(
      'href',
      'mailto:grace@example.com',
    );
    expect(within(card).getByRole('link', { name: 'linkedin.com/in/grace' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(card).getByText('3 November 2026')).toBeInTheDocument();
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(within(card).getByText('Not rated yet')).toBeInTheDocument();

    // The CV in the PDF viewer, with the no-plugin fallback and a download.
    const cv = screen.getByRole('region', { name: 'CV' });
    const viewer = cv.querySelector('object');
    expect(viewer).toHaveAttribute('type', 'application/pdf');
    expect(viewer).toHaveAttribute('data', '/files/cv.pdf?sig=1');
    expect(within(cv).getByText(/This browser has no PDF plugin/)).toBeInTheDocument();
    expect(within(cv).getByRole('link', { name: 'Download CV' })).toHaveAttribute('download', 'grace-cv.pdf');

    // Experience and education: MMM YYYY and the duration in years and months.
    const experience = screen.getByRole('button', { name: /Experience/ });
    expect(experience).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Nov 2018 – Jan 2021 · 2 years 3 months')).toBeInTheDocument();
    expect(screen.getByText('The Ivy · Remote')).toBeInTheDocument();
    expect(screen.getByText('BA, Culinary Arts')).toBeInTheDocument();
    expect(screen.getByText('Sep 2015 – Jun 2018 · 2 years 10 months')).toBeInTheDocument();
    await userEvent.click(experience);
    expect(experience).toHaveAttribute('aria-expanded', 'false');
  });

  it('says when the video is still processing, and offers a Word CV as a download only', async () => {
    const base = makeApplicant();
    applicantServer({
      applicant: makeApplicant({
        markAvg: 4.2,
        _profile: {
          ...base._profile,
          personalInfo: {
            ...base._profile.personalInfo,
            pdfCvUrl: null,
            cvUrl: '/files/cv.docx?sig=1',
            cvFileName: 'grace.docx',
          },
          _introduction: {
            ...base._profile._introduction!,
            data: { ...base._profile._introduction!.data, videoMp4Url: null, videoMp4Url_720p: null },
          },
          experience: [{ title: 'Cook', employer: 'Nando’s', startDate: '2024-01', endDate: 'present' }],
        },
      }),
    });
    renderApplicantPage();
    expect(await screen.findByText(/still being processed/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Video introduction of Grace Hopper')).not.toBeInTheDocument();
    const cv = screen.getByRole('region', { name: 'CV' });
    expect(cv.querySelector('object')).toBeNull();
    expect(within(cv).getByRole('link', { name: 'Download grace.docx' })).toHaveAttribute(
      'href',
      '/files/cv.docx?sig=1',
    );
    expect(screen.getByText(/^Jan 2024 – Present/)).toBeInTheDocument();
    expect(screen.getByText('4.2 · Looks good')).toBeInTheDocument();
  });

  it('shows no empty introduction card for a candidate who answers an interview instead (issue 25)', async () => {
    const base = makeApplicant();
    const withoutVideo = { ...base, _profile: { ...base._profile, _introduction: null } };
    applicantServer({
      applicant: { ...withoutVideo, interview: { state: 'completed', score: null, answered: 3, total: 3 } },
    });
    const view = renderApplicantPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Video introduction' })).not.toBeInTheDocument();
    view.unmount();

    // Without an interview, the card says the candidate sent no video.
    applicantServer({ applicant: { ...withoutVideo, interview: null } });
    renderApplicantPage();
    expect(await screen.findByRole('region', { name: 'Video introduction' })).toHaveTextContent(
      'Grace Hopper applied without a video introduction.',
    );
  });

  it('says the retention rule removed the video and CV of an anonymised application (issue 33 item 10)', async () => {
    const base = makeApplicant();
    const anonymised = {
      ...base,
      interview: null,
      _profile: {
        ...base._profile,
        _introduction: null,
        personalInfo: { ...base._profile.personalInfo, cvUrl: null, pdfCvUrl: null },
      },
    };
    applicantServer({ applicant: anonymised }, (call) =>
      call.method === 'GET' && call.path === `/privacy/application/${base._id}`
        ? {
            status: 200,
            body: {
              data: {
                hold: null,
                anonymisedAt: '2026-11-20T02:10:00.000Z',
                warnedAt: null,
                consentRenewedAt: null,
              },
            },
          }
        : undefined,
    );
    renderApplicantPage();
    const video = await screen.findByRole('region', { name: 'Video introduction' });
    await waitFor(() =>
      expect(video).toHaveTextContent(
        'The video introduction was removed by the retention rule when this application was anonymised on 20 November 2026.',
      ),
    );
    expect(screen.getByRole('region', { name: 'CV' })).toHaveTextContent(
      'The CV was removed by the retention rule when this application was anonymised on 20 November 2026.',
    );
    expect(screen.queryByText(/applied without/)).not.toBeInTheDocument();
    expect(screen.queryByText(/did not attach/)).not.toBeInTheDocument();
  });

  it('offers the download in place of the viewer when the browser has no PDF viewer', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: false, configurable: true });
    try {
      applicantServer();
      renderApplicantPage();
      const cv = await screen.findByRole('region', { name: 'CV' });
      expect(cv.querySelector('object')).toBeNull();
      expect(within(cv).getByText(/This browser has no PDF plugin/)).toBeInTheDocument();
      expect(within(cv).getByRole('link', { name: 'Download the CV' })).toHaveAttribute(
        'href',
        '/files/cv.pdf?sig=1',
      );
    } finally {
      Reflect.deleteProperty(navigator, 'pdfViewerEnabled');
    }
  });

  it("shows 'This job doesn't exist or you don't have access' with Go back when the job fails", async () => {
    const calls = applicantServer({ job: null });
    renderApplicantPage();
    expect(
      await screen.findByRole('heading', { name: applicantMessages.jobUnavailable }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/job/candidate'))).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Go back' }));
    expect(location()).toBe('/jobs');
  });

  it('refuses an applicant of another job', async () => {
    applicantServer({ applicant: makeApplicant({ _job: 'job-2' }) });
    renderApplicantPage();
    expect(
      await screen.findByRole('heading', { name: "This applicant doesn't exist or you don't have access" }),
    ).toBeInTheDocument();
  });

  it('walks the filtered list with the previous and next arrows, keeping its query', async () => {
    const list = ['x1', 'x2', 'a1', 'x3'].map((id) => makeApplicant({ _id: id }));
    const calls = applicantServer({ list, job: makeJob({ _id: 'job-1', title: 'Head Chef' }) });
    renderApplicantPage({ path: '/applications/job-1/a1/view?status=new&search=gr&sort=oldest&page=1' });
    const next = await screen.findByRole('link', { name: 'Next applicant' });
    expect(next).toHaveAttribute(
      'href',
      '/applications/job-1/x3/view?status=new&search=gr&sort=oldest&page=1&index=3',
    );
    expect(screen.getByRole('link', { name: 'Previous applicant' })).toHaveAttribute(
      'href',
      '/applications/job-1/x2/view?status=new&search=gr&sort=oldest&page=1&index=1',
    );
    expect(screen.getByText('3 of 4')).toBeInTheDocument();
    const listCall = calls.find((c) => c.path.startsWith('/job/job-1/applications'))!;
    expect(new URL(listCall.path, 'http://x').searchParams.toString()).toBe(
      'status=new&search=gr&sort=oldest&skip=0&limit=50',
    );
    // The back link returns to the same filtered list.
    expect(screen.getByRole('link', { name: 'Head Chef' })).toHaveAttribute(
      'href',
      '/jobs/job-1/view?status=new&search=gr&sort=oldest&page=1',
    );
    // The → key does what the arrow does.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(location()).toMatch(/^\/applications\/job-1\/x3\/view\?.*index=3$/));
  });

  it('disables an arrow at the end of the list', async () => {
    applicantServer({ list: [makeApplicant({ _id: 'x1' }), makeApplicant()] });
    renderApplicantPage();
    expect(await screen.findByRole('link', { name: 'Previous applicant' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next applicant' })).toBeDisabled();
  });

  it('copies the applicant link and says so, or says it could not', async () => {
    applicantServer();
    const user = userEvent.setup();
    renderApplicantPage({ path: '/applications/job-1/a1/view?status=new' });
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy applicant link' }));
    expect(await screen.findByText(applicantMessages.linkCopied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/applications/job-1/a1/view`);

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Copy applicant link' }));
    expect(await screen.findByText(applicantMessages.linkFailed)).toBeInTheDocument();
  });

  it('deletes the applicant after a confirmation and goes back to the list', async () => {
    const calls = applicantServer();
    renderApplicantPage({ path: '/applications/job-1/a1/view?status=new&index=0' });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete applicant' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Grace Hopper?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete applicant' }));
    expect(await screen.findByText(applicantMessages.deleted)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/job/job-1/application/a1')).toBe(true);
    await waitFor(() => expect(location()).toBe('/jobs/job-1/view?status=new'));
  });

  it('names only what the applicant has in the delete question (issue 33)', async () => {
    applicantServer({
      applicant: makeApplicant({
        noteCount: 2,
        _profile: {
          ...makeApplicant()._profile,
          personalInfo: { ...makeApplicant()._profile.personalInfo, cvUrl: null, pdfCvUrl: null },
          _introduction: null,
        },
      }),
    });
    renderApplicantPage({ path: '/applications/job-1/a1/view?status=new&index=0' });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete applicant' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Grace Hopper?' });
    expect(dialog).toHaveTextContent(
      'Their application and notes will be deleted for everyone on your team. This cannot be undone.',
    );
  });

  it('says a held applicant cannot be deleted before anyone tries (issue 33)', async () => {
    const calls = applicantServer({
      applicant: makeApplicant({
        legalHold: { reason: 'Tribunal claim 2026/114', at: '2026-11-20T10:00:00.000Z' },
      }),
    });
    renderApplicantPage({ path: '/applications/job-1/a1/view?status=new&index=0' });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete applicant' }));
    const dialog = screen.getByRole('dialog', { name: 'Grace Hopper cannot be deleted' });
    expect(dialog).toHaveTextContent(privacyMessages.heldCannotDelete('Tribunal claim 2026/114'));
    expect(within(dialog).queryByRole('button', { name: 'Delete applicant' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('warns that releasing a hold runs the erasure the candidate asked for, then leaves the page (issue 33)', async () => {
    const hold = { reason: 'Tribunal claim 2026/114', at: '2026-11-20T10:00:00.000Z', by: 'Ann Lee' };
    const held = {
      hold,
      anonymisedAt: null,
      warnedAt: null,
      consentRenewedAt: null,
      erasureRequestedAt: '2026-11-21T10:00:00.000Z',
    };
    const calls = applicantServer({}, (call) => {
      if (call.method === 'GET' && call.path === '/privacy/application/a1')
        return { status: 200, body: { data: held } };
      if (call.method === 'GET' && call.path.startsWith('/privacy/application/a1/audit'))
        return { status: 200, body: { data: { items: [], total: 0 } } };
      if (call.method === 'DELETE' && call.path === '/privacy/application/a1/hold')
        return {
          status: 200,
          body: { data: { ...held, hold: null, erasureRequestedAt: null, erasedOnRelease: true } },
        };
      return undefined;
    });
    renderApplicantPage({ path: '/applications/job-1/a1/view?status=new&index=0' });
    const card = await screen.findByRole('region', { name: 'Privacy' });
    expect(
      await within(card).findByText(/The candidate asked to delete their data on 21 Nov 2026/),
    ).toHaveTextContent('it will be deleted when the hold is released.');
    await userEvent.click(within(card).getByRole('button', { name: 'Release' }));
    const dialog = screen.getByRole('dialog', { name: 'Release the hold and delete?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Release and delete' }));
    expect(await screen.findByText(privacyMessages.erasureReleased)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/jobs/job-1/view?status=new'));
  });

  it('puts the actions in a bottom bar on a phone', async () => {
    vi.stubGlobal('matchMedia', stubPhone(true));
    applicantServer({ applicant: makeApplicant({ status: 'interviewing' }) });
    renderApplicantPage();
    const bar = await screen.findByRole('navigation', { name: 'Applicant actions' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reject', 'Hire']);
    // Only there: the header keeps the tools as icons.
    expect(screen.getAllByRole('button', { name: 'Reject' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Notes' })).toBeInTheDocument();
  });
});
