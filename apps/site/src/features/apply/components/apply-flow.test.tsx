import { applyMessages, ZApplyRequest } from '@hirecast/domain/application';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type TCall } from '../../../../../web/src/test/mock-api.ts';
import { clickContinue, fillDetails, renderFlow, stepHeading, stubXhr } from './apply-test-utils.tsx';
import { makePublicJob } from '../../../test/fixtures.ts';

const tus = vi.hoisted(() => ({ uploads: [] as { metadata: Record<string, string>; chunkSize: number }[] }));
vi.mock('tus-js-client', () => ({
  Upload: class {
    url: string | null = null;
    private options: {
      metadata: Record<string, string>;
      chunkSize: number;
      onProgress: (sent: number, total: number) => void;
      onSuccess: () => void;
    };
    constructor(_file: Blob, options: never) {
      this.options = options;
      tus.uploads.push(options);
    }
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    resumeFromPreviousUpload() {}
    start() {
      setTimeout(() => {
        this.options.onProgress(50, 100);
        this.url = 'http://localhost/api/public/uploads/up-123';
        this.options.onSuccess();
      }, 0);
    }
    abort() {
      return Promise.resolve();
    }
  },
}));

const applyAnswer = (call: TCall) => {
  if (call.path.startsWith('/public/signed-url'))
    return { body: { data: { url: '/storage/signed/cv-1', key: 'public/cv-1.pdf' } } };
  if (call.path === '/public/job/abc123/apply' && call.method === 'POST')
    return { status: 201, body: { data: { applicationId: 'ap1', message: applyMessages.submitted } } };
  return undefined;
};

beforeEach(() => {
  window.sessionStorage.clear();
  tus.uploads = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('apply flow: your details', () => {
  it('asks for the names and a valid email next to the fields and focuses the first', async () => {
    mockApi(() => undefined);
    const { user } = renderFlow();
    await clickContinue(user);
    const first = screen.getByLabelText('First name');
    expect(first).toHaveAccessibleDescription(/Please enter your first name/);
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveFocus();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(/Please enter your last name/);
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(/Please enter your email/);

    await user.type(first, 'Ada');
    expect(first).not.toHaveAccessibleDescription(/Please enter your first name/);
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(/Please enter your last name/);

    await user.type(screen.getByLabelText(/^Email/), 'ada@');
    await clickContinue(user);
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(/Please enter a valid email address/);
    expect(stepHeading()).toHaveTextContent('Your details');
  });

  it('refuses a CV that is not PDF or DOCX', async () => {
    mockApi(() => undefined);
    const { user } = renderFlow();
    await user.upload(screen.getByLabelText(/^CV/), new File(['x'], 'cv.png', { type: 'image/png' }));
    expect(screen.getByText(applyMessages.cvWrongType)).toBeInTheDocument();
  });

  it('uploads the CV at once through the signed URL; at 100% it can be deleted', async () => {
    const calls = mockApi(applyAnswer);
    const puts = stubXhr();
    const { user } = renderFlow();
    await user.upload(
      screen.getByLabelText(/^CV/),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    // The visitor session goes with it: a CV replaced before sending belongs to the application too.
    const session = window.sessionStorage.getItem('hirecast.session');
    expect(session).toBeTruthy();
    expect(calls[0]!.path).toBe(
      `/public/signed-url?content-type=application%2Fpdf&job=abc123&session=${session}`,
    );
    expect(puts).toEqual([
      { url: '/storage/signed/cv-1', contentType: 'application/pdf', body: expect.any(File) },
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete CV' }));
    expect(screen.queryByText('cv.pdf')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^CV/)).toHaveFocus();
  });

  it('keeps what was typed across a reload (sessionStorage), but not the consent', async () => {
    mockApi(() => undefined);
    const first = renderFlow();
    await first.user.type(screen.getByLabelText('First name'), 'Ada');
    first.unmount();
    renderFlow();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  });
});

describe('apply flow: experience and education', () => {
  it("adds an entry; 'I work here now' replaces the end date; entries are validated", async () => {
    mockApi(() => undefined);
    const { user } = renderFlow();
    await fillDetails(user);
    await clickContinue(user);
    expect(stepHeading()).toHaveTextContent('Experience & education');
    await user.click(screen.getByRole('button', { name: 'Add experience' }));
    const entry = screen.getByRole('group', { name: 'Experience 1' });
    expect(within(entry).getByLabelText('Job title')).toHaveFocus();
    const end = within(entry).getByLabelText('End');
    expect(end).toHaveAttribute('type', 'month');
    await user.click(within(entry).getByLabelText('I work here now'));
    expect(end).toBeDisabled();
    await clickContinue(user);
    expect(within(entry).getByLabelText('Job title')).toHaveAccessibleDescription(
      /Please enter the job title/,
    );
    expect(within(entry).getByLabelText('Start')).toHaveAccessibleDescription(
      /Please enter a month and year/,
    );
    expect(end).not.toHaveAccessibleDescription(/Please enter a month and year/);
    await user.click(within(entry).getByRole('button', { name: 'Remove experience 1' }));
    expect(screen.queryByRole('group', { name: 'Experience 1' })).not.toBeInTheDocument();
    await clickContinue(user);
    expect(stepHeading()).toHaveTextContent('Video introduction');
  });
});

describe('apply flow: video introduction', () => {
  it('requires a video when the job does', async () => {
    mockApi(() => undefined);
    const { user } = renderFlow({ isVideoOptional: false, videoQuestion: 'Why us?' });
    await fillDetails(user);
    await clickContinue(user);
    await clickContinue(user);
    expect(screen.getByText('A short video is part of this application.')).toBeInTheDocument();
    expect(screen.queryByText(/optional/i)).not.toBeInTheDocument();
    expect(screen.getByText('Why us?')).toBeInTheDocument();
    await clickContinue(user);
    expect(screen.getByText(applyMessages.videoRequired)).toBeInTheDocument();
    expect(stepHeading()).toHaveTextContent('Video introduction');
  });

  it('says optional and lets the candidate go on without one; the custom question must be answered', async () => {
    mockApi(() => undefined);
    const { user } = renderFlow({
      isVideoOptional: true,
      customQuestion: 'Do you hold a food hygiene certificate?',
    });
    await fillDetails(user);
    await clickContinue(user);
    await clickContinue(user);
    expect(screen.getByText(/^Optional: you can apply without one/)).toBeInTheDocument();
    // The question reads as a heading of what to answer; optional is said once, in the sentence above.
    expect(screen.getByText('Your video question')).toBeInTheDocument();
    expect(screen.queryByText(/Answer on video/)).not.toBeInTheDocument();
    expect(screen.getAllByText(/optional/i)).toHaveLength(1);
    await clickContinue(user);
    const answer = screen.getByLabelText('Do you hold a food hygiene certificate?');
    expect(answer).toHaveAccessibleDescription(/Please answer the question/);
    await user.type(answer, 'Yes, level 3');
    await clickContinue(user);
    expect(stepHeading()).toHaveTextContent('Review');
  });

  it('refuses a video file of the wrong type', async () => {
    mockApi(() => undefined);
    const { user } = renderFlow();
    await fillDetails(user);
    await clickContinue(user);
    await clickContinue(user);
    await user.click(screen.getByLabelText('Upload a file'));
    // The site's own file control: the labelled native input lies over a drop zone with a site button.
    const picker = screen.getByLabelText('Video file').closest('.file-picker')!;
    expect(picker).toHaveTextContent('Choose a fileor drop it here');
    await user.upload(
      screen.getByLabelText('Video file'),
      new File(['x'], 'clip.avi', { type: 'video/x-msvideo' }),
    );
    expect(screen.getByText(applyMessages.videoWrongType)).toBeInTheDocument();
    expect(tus.uploads).toHaveLength(0);
  });
});

describe('apply flow: review and submit', () => {
  it('will not submit without consent', async () => {
    const calls = mockApi(applyAnswer);
    const { user } = renderFlow();
    await fillDetails(user);
    for (let i = 0; i < 3; i += 1) await clickContinue(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const consent = screen.getByRole('checkbox', {
      name: /I agree that Northwind processes my application data/,
    });
    expect(consent).toHaveAccessibleDescription(applyMessages.consentRequired);
    expect(consent).toHaveFocus();
    expect(calls.filter((c) => c.path.endsWith('/apply'))).toHaveLength(0);
  });

  it("links the company's privacy policy with the right possessive (issue 33 item 7)", async () => {
    mockApi(applyAnswer);
    const base = makePublicJob();
    const { user } = renderFlow({
      company: { ...base.company, name: 'Northwind Coffee Roasters' },
      privacy: { ...base.privacy!, privacyPolicyUrl: 'https://northwind.example.com/privacy' },
    });
    await fillDetails(user);
    for (let i = 0; i < 3; i += 1) await clickContinue(user);
    expect(screen.getByRole('link', { name: "Northwind Coffee Roasters' privacy policy" })).toHaveAttribute(
      'href',
      'https://northwind.example.com/privacy',
    );
  });

  it('sends a ZApplyRequest with the uploaded CV and video, then confirms', async () => {
    const calls = mockApi(applyAnswer);
    stubXhr();
    const { user, onSubmitted } = renderFlow();
    await fillDetails(user);
    await user.type(screen.getByLabelText(/LinkedIn or portfolio link/), 'https://linkedin.com/in/ada');
    await user.upload(
      screen.getByLabelText(/^CV/),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    await clickContinue(user);
    await user.click(screen.getByRole('button', { name: 'Add education' }));
    await user.type(screen.getByLabelText('Field of study'), 'Mathematics');
    await user.type(screen.getByLabelText('School or university'), 'London');
    await user.type(screen.getByLabelText('Start'), '2019-09');
    await user.click(screen.getByLabelText('I study here now'));
    await clickContinue(user);
    await user.click(screen.getByLabelText('Upload a file'));
    await user.upload(
      screen.getByLabelText('Video file'),
      new File(['vid'], 'me.mp4', { type: 'video/mp4' }),
    );
    await clickContinue(user);
    expect(screen.getByText('me.mp4')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I agree that Northwind/ }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: applyMessages.submitted }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(onSubmitted).toHaveBeenCalled();
    expect(tus.uploads[0]).toMatchObject({
      metadata: { job: 'abc123', filename: 'me.mp4', filetype: 'video/mp4' },
      chunkSize: 5 * 1024 * 1024,
    });
    const apply = calls.find((c) => c.path === '/public/job/abc123/apply')!;
    expect(ZApplyRequest.safeParse(apply.body).success).toBe(true);
    expect(apply.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'Ada@Example.com',
      socialNetworkLink: 'https://linkedin.com/in/ada',
      experience: [],
      education: [{ field: 'Mathematics', school: 'London', startDate: '2019-09', endDate: 'present' }],
      consent: true,
      cv: { key: 'public/cv-1.pdf', fileName: 'cv.pdf' },
      video: { uploadId: 'up-123' },
      sessionId: window.sessionStorage.getItem('hirecast.session'),
    });
    // The draft is gone once sent.
    expect(window.sessionStorage.getItem('hirecast.apply.abc123')).not.toContain('Ada');
  });

  it("shows the server's message as it comes (a duplicate)", async () => {
    mockApi((call) =>
      call.path.endsWith('/apply')
        ? { status: 409, body: { error: { code: 'CONFLICT', message: applyMessages.duplicate } } }
        : undefined,
    );
    const { user } = renderFlow();
    await fillDetails(user);
    for (let i = 0; i < 3; i += 1) await clickContinue(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree that Northwind/ }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText(applyMessages.duplicate)).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  });

  it('puts field errors from the server next to their fields, on their step', async () => {
    mockApi((call) =>
      call.path.endsWith('/apply')
        ? {
            status: 400,
            body: {
              error: {
                code: 'VALIDATION',
                message: applyMessages.emailInvalid,
                fields: { email: applyMessages.emailInvalid },
              },
            },
          }
        : undefined,
    );
    const { user } = renderFlow();
    await fillDetails(user);
    for (let i = 0; i < 3; i += 1) await clickContinue(user);
    await user.click(screen.getByRole('checkbox', { name: /I agree that Northwind/ }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    const email = await screen.findByLabelText(/^Email/);
    expect(email).toHaveAccessibleDescription(/Please enter a valid email address/);
    expect(email).toHaveFocus();
  });

  it('does not submit from a preview', async () => {
    mockApi(applyAnswer);
    const { user } = renderFlow({}, { preview: true });
    await fillDetails(user);
    for (let i = 0; i < 3; i += 1) await clickContinue(user);
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeDisabled();
    expect(screen.getByText(/This is a preview/)).toBeInTheDocument();
  });
});

describe('apply flow on a plan without video applications (spec 1 §6)', () => {
  it('has no video step: three steps, the review lists no video, and the CV alone is sent', async () => {
    const calls = mockApi(applyAnswer);
    stubXhr();
    const { user, onSubmitted } = renderFlow({
      planFeatures: { videoJobPosts: true, videoApplications: false, preLaunch: false },
    });
    const steps = screen.getByRole('navigation', { name: 'Application steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Your details', '2Experience & education', '3Review']);
    expect(steps).toHaveTextContent('Step 1 of 3');
    await fillDetails(user);
    await user.upload(
      screen.getByLabelText(/^CV/),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    await clickContinue(user);
    await clickContinue(user);
    expect(stepHeading()).toHaveTextContent('Review');
    expect(screen.queryByText('Video introduction')).not.toBeInTheDocument();
    expect(screen.getByText(/receives the details and CV you send here/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I agree that Northwind/ }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: applyMessages.submitted }),
    ).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/public/job/abc123/apply')!;
    expect(ZApplyRequest.parse(sent.body)).toMatchObject({
      cv: { key: 'public/cv-1.pdf', fileName: 'cv.pdf' },
      video: null,
    });
    expect(screen.getByText(/reviews your application\.$/)).toBeInTheDocument();
    expect(onSubmitted).toHaveBeenCalled();
  });
});
