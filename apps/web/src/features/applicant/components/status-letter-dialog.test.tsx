import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  applicantServer,
  makeApplicant,
  makeManager,
  renderApplicantPage,
  type TCall,
} from './applicant-test-utils.tsx';

const patches = (calls: TCall[]) => calls.filter((c) => c.method === 'PATCH');

async function openReject() {
  await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
  return screen.getByRole('dialog', { name: 'Reject Grace Hopper' });
}

describe('status email dialogs (spec 2 §2, §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('Reject: "Change status only" changes the status without an email', async () => {
    const calls = applicantServer();
    renderApplicantPage();
    const dialog = await openReject();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status only' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toEqual({
      method: 'PATCH',
      path: '/job/job-1/application/a1/status',
      body: { data: { status: 'rejected' } },
    });
    expect(await screen.findByText('Grace Hopper is now Rejected.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("starts from the company's own letter text when it has written one (settings, Texts tab)", async () => {
    applicantServer({}, (call) =>
      call.method === 'GET' && call.path === '/company/c1'
        ? {
            body: {
              data: {
                _id: 'c1',
                name: 'Acme',
                letters: [
                  {
                    kind: 'rejection',
                    subject: 'About {jobTitle}',
                    text: 'Hello {candidateName}, we went another way. {company}',
                    isDefault: false,
                  },
                ],
              },
            },
          }
        : undefined,
    );
    renderApplicantPage();
    const dialog = await openReject();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Email')).toHaveValue(
        'Hello Grace Hopper, we went another way. Acme',
      ),
    );
    expect(within(dialog).getByLabelText('Subject')).toHaveValue('About Head Chef');
  });

  it('Reject: "Change status and send email" sends the edited rejection letter', async () => {
    const calls = applicantServer();
    renderApplicantPage();
    const dialog = await openReject();
    const text = within(dialog).getByLabelText('Email');
    // The rejection letter, filled in for this candidate, job, company and sender.
    expect((text as HTMLTextAreaElement).value).toMatch(
      /^Dear Grace Hopper,\n\nThank you for applying for the Head Chef role at Acme/,
    );
    expect((text as HTMLTextAreaElement).value).toMatch(/Kind regards,\nAnn Lee\nAcme$/);
    const subject = 'An update on your application for Head Chef at Acme';
    expect(within(dialog).getByLabelText('Subject')).toHaveValue(subject);
    // The list's dialog and this one are the same: the subject counts its characters as the email does.
    expect(within(dialog).getByText(`${subject.length}/200`)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Include my calendar link')).not.toBeInTheDocument();

    await userEvent.clear(text);
    await userEvent.type(text, 'Sorry, Grace.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status and send email' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toEqual({
      method: 'PATCH',
      path: '/job/job-1/application/a1/send',
      body: {
        status: 'rejected',
        subject: 'An update on your application for Head Chef at Acme',
        text: 'Sorry, Grace.',
      },
    });
    expect(
      await screen.findByText('Grace Hopper is now Rejected, and the email was sent.'),
    ).toBeInTheDocument();
  });

  it('refuses to send an empty email, and keeps the dialog on a server error', async () => {
    const calls = applicantServer({}, (call) =>
      call.method === 'PATCH'
        ? {
            status: 409,
            body: { error: { code: 'CONFLICT', message: 'This status change is not allowed.' } },
          }
        : undefined,
    );
    renderApplicantPage();
    const dialog = await openReject();
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status and send email' }));
    expect(within(dialog).getByText('Please write the email')).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status only' }));
    expect(await screen.findByText('This status change is not allowed.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Reject Grace Hopper' })).toBeInTheDocument();
  });

  it('Interview can include the sender’s calendar link', async () => {
    const calls = applicantServer();
    renderApplicantPage({ me: makeManager({ calendarLink: 'https://cal.com/ann' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Interview' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite Grace Hopper to an interview' });
    // Offered, and ticked, when the sender has a calendar link.
    expect(within(dialog).getByLabelText('Include my calendar link')).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status and send email' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]!.body).toMatchObject({ status: 'interviewing', isIncludeCalendarLink: true });
  });

  it('Interview without a calendar link points to the personal settings', async () => {
    applicantServer();
    renderApplicantPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Interview' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite Grace Hopper to an interview' });
    expect(within(dialog).getByLabelText('Include my calendar link')).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'personal settings' })).toHaveAttribute(
      'href',
      '/settings?tab=personal',
    );
  });

  it('Hire from interviewing, and the shortlist letter from the More menu', async () => {
    const calls = applicantServer({ applicant: makeApplicant({ status: 'interviewing' }) });
    renderApplicantPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Hire' }));
    const hire = screen.getByRole('dialog', { name: 'Hire Grace Hopper' });
    await userEvent.click(within(hire).getByRole('button', { name: 'Change status only' }));
    await waitFor(() => expect(patches(calls)[0]?.body).toEqual({ data: { status: 'hired' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Shortlist' }));
    const shortlist = screen.getByRole('dialog', { name: 'Shortlist Grace Hopper' });
    await userEvent.click(within(shortlist).getByRole('button', { name: 'Change status and send email' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]).toMatchObject({
      path: '/job/job-1/application/a1/send',
      body: { status: 'shortlisted', subject: "You've been shortlisted for Head Chef at Acme" },
    });
  });

  it('writes to the candidate and re-engages them without changing the status', async () => {
    const calls = applicantServer();
    renderApplicantPage();
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Write to Grace' }));
    const write = screen.getByRole('dialog', { name: 'Write to Grace Hopper' });
    expect(within(write).queryByLabelText('Subject')).not.toBeInTheDocument();
    await userEvent.clear(within(write).getByLabelText('Email'));
    await userEvent.type(within(write).getByLabelText('Email'), 'Can you start in May?');
    await userEvent.click(within(write).getByRole('button', { name: 'Send email' }));
    expect(await screen.findByText('Your email has been sent.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/history/application/a1/communication')?.body).toEqual({
      text: 'Can you start in May?',
    });

    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Re-engage' }));
    const reengage = screen.getByRole('dialog', { name: 'Re-engage Grace Hopper' });
    await userEvent.click(within(reengage).getByRole('button', { name: 'Send email' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/job/job-1/application/send-reengaging')?.body).toMatchObject({
        subject: 'Are you still interested in Head Chef at Acme?',
        applicationIds: ['a1'],
      }),
    );
    expect(patches(calls)).toHaveLength(0);
  });
});
