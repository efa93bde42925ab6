import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import type { TPlan } from '@hirecast/domain/plan';
import { JobDetailsForm } from './job-details-form.tsx';
import { makeVideoAsset } from '../../../../components/media/media-test-utils.tsx';
import { makeTemplate } from '../../../../test/template-fixtures.ts';
import { makeJob } from './job-fixture.test-util.ts';
import { subscriptionQueryKey } from '../../../../lib/billing.ts';
import { meQueryKey } from '../../../../lib/me.ts';
import { makeBillingState, makeManager } from '../../../../test/fixtures.ts';

// The Quill editor needs a real layout engine; its wrapper is exercised by the e2e test.
vi.mock('../../../../components/rich-text/quill-editor.tsx', () => ({
  default: ({ label }: { label: string }) => <div role="textbox" aria-label={label} />,
}));

type TCall = { method: string; url: string; body: unknown };

const animatedAsset = makeVideoAsset({ _id: 'animated-1', title: 'Our office', exclude: true });
const renderedTemplate = makeTemplate({
  _id: 'template-1',
  title: 'Our office',
  status: 'rendered',
  _file: animatedAsset._id,
  thumbnail: '/files/template-1.jpg',
});

function mockApi(job: TJob, patchReply?: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const calls: TCall[] = [];
  let stored = job;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, url, body });
      if (method === 'PATCH' && url === `/api/job/${job._id}`) {
        if (patchReply) return patchReply(body!);
        stored = { ...stored, ...(body as Partial<TJob>) };
        return Response.json({ data: stored });
      }
      if (url === '/api/company/questions') return Response.json({ data: [] });
      // The chooser's Animated videos tab: one rendered animated video, whose MP4 is the asset `animated-1`.
      if (url.startsWith('/api/video?'))
        return Response.json({ data: { videos: [renderedTemplate], videosCount: 1 } });
      if (url === `/api/asset/${animatedAsset._id}`) return Response.json({ data: animatedAsset });
      if (url.startsWith('/api/company/assets'))
        return Response.json({
          data: { assets: [makeVideoAsset({ _id: 'asset-2', title: 'Team intro' })], count: 1 },
        });
      return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
    }),
  );
  return calls;
}
const patches = (calls: TCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

function renderForm(job: TJob, canEdit = true, onStatusChange = vi.fn(), plan?: Partial<TPlan>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The plan gates of the editor read the company's plan (GET /billing/subscription) through `me`.
  const me = makeManager({ _company: job._company });
  client.setQueryData(meQueryKey, me);
  client.setQueryData(subscriptionQueryKey(me._company), makeBillingState({ plan }));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <JobDetailsForm job={job} canEdit={canEdit} isAgency={false} onStatusChange={onStatusChange} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('JobDetailsForm saving', () => {
  it('saves the title once after the debounce, sending only the changed field, trimmed', async () => {
    const calls = mockApi(makeJob());
    // Keys without a pause between them (a busy machine must not make the pause the debounce waits for).
    const user = userEvent.setup({ delay: null });
    const onStatusChange = vi.fn();
    renderForm(makeJob(), true, onStatusChange);
    const title = screen.getByRole('textbox', { name: /Job title/ });
    await user.clear(title);
    await user.type(title, 'Head Barista ');
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toEqual({ title: 'Head Barista' });
    await new Promise((r) => setTimeout(r, 400));
    expect(patches(calls)).toHaveLength(1);
    await waitFor(() => expect(onStatusChange).toHaveBeenLastCalledWith('saved'));
  });

  it('does not save a blank title and shows the spec message', async () => {
    const calls = mockApi(makeJob());
    const user = userEvent.setup();
    renderForm(makeJob());
    await user.clear(screen.getByRole('textbox', { name: /Job title/ }));
    expect(await screen.findByText(jobMessages.titleRequired)).toBeInTheDocument();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(jobMessages.titleRequired, expect.anything()),
    );
    expect(patches(calls)).toHaveLength(0);
  });

  it('saves a switch at once, as the inverse isHiringNow for Pre-launch', async () => {
    const calls = mockApi(makeJob());
    const user = userEvent.setup();
    renderForm(makeJob());
    await user.click(screen.getByRole('switch', { name: 'Pre-launch' }));
    await waitFor(() => expect(patches(calls)).toEqual([{ isHiringNow: false }]));
  });

  it('keeps what was typed and shows the spec toast when a save fails', async () => {
    const calls = mockApi(makeJob(), () =>
      Response.json({ error: { code: 'INTERNAL', message: 'boom' } }, { status: 500 }),
    );
    const user = userEvent.setup();
    const onStatusChange = vi.fn();
    renderForm(makeJob(), true, onStatusChange);
    const heading = screen.getByRole('textbox', { name: /Job post heading/ });
    await user.clear(heading);
    await user.type(heading, 'Pour with us');
    await waitFor(
      () => expect(toast.error).toHaveBeenCalledWith(jobMessages.updateFailure, expect.anything()),
      {
        timeout: 2000,
      },
    );
    expect(patches(calls)).toEqual([{ postHeading: 'Pour with us' }]);
    expect(heading).toHaveValue('Pour with us');
    expect(onStatusChange).toHaveBeenLastCalledWith('error');
  });

  it('rejects a non-numeric salary with the spec message and saves a numeric one', async () => {
    const calls = mockApi(makeJob());
    const user = userEvent.setup();
    renderForm(makeJob());
    const from = screen.getByRole('textbox', { name: 'Salary from' });
    await user.type(from, '12k');
    expect(await screen.findByText(jobMessages.salaryNumeric, {}, { timeout: 2000 })).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);
    await user.clear(from);
    await user.type(from, '12,500');
    await waitFor(
      () =>
        expect(patches(calls)).toEqual([
          { salary: { from: '12,500', to: null, currency: 'GBP', unit: 'annually' } },
        ]),
      { timeout: 2000 },
    );
  });

  it('chooses a library video for the job, saves its id, and removes it again', async () => {
    const calls = mockApi(makeJob());
    const user = userEvent.setup();
    renderForm(makeJob());
    await user.click(screen.getByRole('button', { name: 'Choose video from library' }));
    // The chooser is lazy: its first import is transformed on the spot, which takes seconds on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Choose a video' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Team intro' }));
    await waitFor(() => expect(patches(calls)).toEqual([{ _video: 'asset-2' }]), { timeout: 2000 });
    expect(screen.getByLabelText('Job video: Team intro')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Video link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove video' }));
    await waitFor(() => expect(patches(calls)).toEqual([{ _video: 'asset-2' }, { _video: null }]), {
      timeout: 2000,
    });
    expect(screen.getByRole('textbox', { name: 'Video link' })).toBeInTheDocument();
  });

  it('shows the library video a job already has', () => {
    mockApi(makeJob());
    renderForm(makeJob({ _video: makeVideoAsset({ _id: 'asset-9', title: 'Warehouse walk' }) }));
    expect(screen.getByLabelText('Job video: Warehouse walk')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace video' })).toBeInTheDocument();
  });

  it('says an unknown video link is invalid and stores a YouTube link as its embed URL', async () => {
    const calls = mockApi(makeJob());
    const user = userEvent.setup();
    renderForm(makeJob());
    const link = screen.getByRole('textbox', { name: 'Video link' });
    await user.click(link);
    await user.paste('https://example.com/clip');
    expect(await screen.findByText(jobMessages.videoLinkInvalid, {}, { timeout: 2000 })).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);
    await user.clear(link);
    await user.paste('https://youtu.be/dQw4w9WgXcQ');
    await waitFor(
      () => expect(patches(calls)).toEqual([{ _video: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }]),
      {
        timeout: 2000,
      },
    );
    expect(screen.getByTitle('Job video preview')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
  });

  it('does not let the reply to one save undo another field that is still being saved', async () => {
    const job = makeJob();
    let releaseFirst: () => void = () => {};
    const firstReply = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let count = 0;
    const calls = mockApi(job, (body) => {
      count += 1;
      // The first reply is the job as stored before the second change reached the server.
      const reply = Response.json({ data: { ...job, ...body } });
      return count === 1 ? firstReply.then(() => reply) : reply;
    });
    const user = userEvent.setup();
    renderForm(job);
    await user.click(screen.getByRole('switch', { name: 'Show other jobs' }));
    await user.click(screen.getByRole('switch', { name: 'Hide location' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    releaseFirst();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('switch', { name: 'Hide location' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show other jobs' })).toBeChecked();
  });
});

// spec 1 §3 `additionalVideos (list of _asset and order)`: chosen, reordered and removed under the switch.
describe('JobDetailsForm additional videos', () => {
  const kitchen = makeVideoAsset({ _id: 'asset-1', title: 'Kitchen tour' });
  const team = makeVideoAsset({ _id: 'asset-2', title: 'Team intro' });
  const warehouse = makeVideoAsset({ _id: 'asset-3', title: 'Warehouse walk' });
  const library = [kitchen, team, warehouse, animatedAsset];
  // The server answers the assets for the ids it was sent.
  const withAssets = (job: TJob) =>
    mockApi(job, (body) =>
      Response.json({
        data: {
          ...job,
          additionalVideos: (body.additionalVideos as string[]).map((id) =>
            library.find((a) => a._id === id),
          ),
        },
      }),
    );
  const titles = () =>
    within(screen.getByRole('list', { name: 'Additional videos' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('adds a video from the library chooser and saves the ids at once', async () => {
    const job = makeJob({ showAdditionalVideos: true, additionalVideos: [kitchen] });
    const calls = withAssets(job);
    const user = userEvent.setup();
    renderForm(job);
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    // The chooser is lazy-loaded: give the import time on a loaded machine.
    expect(
      await screen.findByRole('heading', { name: 'Choose a video' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Team intro' }, { timeout: 5000 }));
    await waitFor(() => expect(patches(calls)).toEqual([{ additionalVideos: ['asset-1', 'asset-2'] }]), {
      timeout: 2000,
    });
    expect(titles()).toEqual(['Kitchen tour', 'Team intro']);
  });

  // spec 1 "Add a video (recorded, animated, or a pasted link)": the chooser's Animated videos tab too.
  it('adds a rendered animated video from the Animated videos tab', async () => {
    const job = makeJob({ showAdditionalVideos: true, additionalVideos: [kitchen] });
    const calls = withAssets(job);
    const user = userEvent.setup();
    renderForm(job);
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    const chooser = await screen.findByRole('dialog', { name: 'Choose a video' }, { timeout: 5000 });
    expect(
      within(chooser)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Recorded videos', 'Animated videos']);
    await user.click(within(chooser).getByRole('tab', { name: 'Animated videos' }));
    await user.click(await within(chooser).findByRole('button', { name: 'Our office' }, { timeout: 5000 }));
    await waitFor(() => expect(patches(calls)).toEqual([{ additionalVideos: ['asset-1', 'animated-1'] }]));
    expect(calls.some((c) => c.url === '/api/video?skip=0&limit=12&status=rendered')).toBe(true);
    expect(titles()).toEqual(['Kitchen tour', 'Our office']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Choose a video' })).toBeNull());
  });

  it('moves a video down and removes one, saving the new order each time', async () => {
    const job = makeJob({ showAdditionalVideos: true, additionalVideos: [kitchen, team, warehouse] });
    const calls = withAssets(job);
    const user = userEvent.setup();
    renderForm(job);
    expect(screen.getByRole('button', { name: 'Move Kitchen tour up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Warehouse walk down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Kitchen tour down' }));
    await waitFor(() =>
      expect(patches(calls)).toEqual([{ additionalVideos: ['asset-2', 'asset-1', 'asset-3'] }]),
    );
    expect(titles()).toEqual(['Team intro', 'Kitchen tour', 'Warehouse walk']);

    await user.click(screen.getByRole('button', { name: 'Remove Warehouse walk' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]).toEqual({ additionalVideos: ['asset-2', 'asset-1'] });
    expect(titles()).toEqual(['Team intro', 'Kitchen tour']);
  });

  it('shows the list only while the switch is on, and disabled for viewers', async () => {
    const job = makeJob({ additionalVideos: [kitchen] });
    const calls = mockApi(job);
    const user = userEvent.setup();
    const { unmount } = renderForm(job);
    expect(screen.queryByRole('button', { name: 'Add video' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show additional videos' }));
    expect(screen.getByRole('button', { name: 'Add video' })).toBeEnabled();
    expect(titles()).toEqual(['Kitchen tour']);
    await waitFor(() => expect(patches(calls)).toEqual([{ showAdditionalVideos: true }]));
    unmount();

    renderForm(makeJob({ showAdditionalVideos: true, additionalVideos: [kitchen] }), false);
    expect(screen.getByRole('button', { name: 'Add video' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Kitchen tour' })).toBeDisabled();
  });
});

describe('JobDetailsForm rules', () => {
  it('asks for a link when redirect is turned on without one, and saves once the link is valid', async () => {
    const calls = mockApi(makeJob());
    const user = userEvent.setup();
    renderForm(makeJob());
    await user.click(screen.getByRole('switch', { name: 'Redirect candidates to your ATS' }));
    expect(screen.getAllByText(jobMessages.redirectUrlMissing).length).toBeGreaterThan(0);
    expect(
      screen.getByRole('switch', { name: 'Unpublish job when application page expired' }),
    ).toBeDisabled();
    const url = screen.getByRole('textbox', { name: 'Application page link' });
    await user.type(url, 'http://ats.example.com/apply');
    expect(
      await screen.findByText(jobMessages.redirectUrlInvalid, {}, { timeout: 2000 }),
    ).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);
    // Replacing the text in one go: emptying the field would turn the redirect off (next assertion).
    await user.tripleClick(url);
    await user.keyboard('https://ats.example.com/apply');
    await waitFor(
      () =>
        expect(patches(calls).at(-1)).toEqual({
          customApplication: true,
          customApplicationURL: 'https://ats.example.com/apply',
          isExternalATSValidation: false,
        }),
      { timeout: 2000 },
    );
    expect(screen.getByRole('switch', { name: 'Unpublish job when application page expired' })).toBeEnabled();

    // spec 1 §4: clearing the link turns the redirect off and clears the flag.
    await user.clear(url);
    expect(screen.getByRole('switch', { name: 'Redirect candidates to your ATS' })).not.toBeChecked();
    await waitFor(() =>
      expect(patches(calls).at(-1)).toEqual({
        customApplication: false,
        customApplicationURL: null,
        isExternalATSValidation: false,
      }),
    );
  });

  it('applies the AI cascade: shortlist controls follow CV ranking and auto-shortlist', async () => {
    const calls = mockApi(makeJob());
    const user = userEvent.setup();
    renderForm(makeJob());
    const autoShortlist = screen.getByRole('switch', { name: 'Auto-shortlist' });
    const shortlistEmails = screen.getByRole('switch', { name: 'Shortlist emails' });
    expect(autoShortlist).toBeDisabled();
    expect(shortlistEmails).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Shortlist score' })).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'CV ranking' }));
    expect(autoShortlist).toBeEnabled();
    expect(shortlistEmails).toBeDisabled();
    await user.click(autoShortlist);
    expect(shortlistEmails).toBeEnabled();
    await user.click(shortlistEmails);
    expect(shortlistEmails).toBeChecked();

    // Turning CV ranking off forces auto-shortlist and both emails off, the feedback dialog disabled.
    await user.click(screen.getByRole('switch', { name: 'CV ranking' }));
    expect(autoShortlist).not.toBeChecked();
    expect(shortlistEmails).not.toBeChecked();
    expect(shortlistEmails).toBeDisabled();
    await waitFor(() =>
      expect(patches(calls).at(-1)).toEqual({
        aiSettings: {
          isScreening: false,
          isAutoShortlist: false,
          isShortlist: false,
          isAutoRejection: false,
          isDisableApplicantFeedbackDialog: true,
          score: 4,
        },
      }),
    );
  });

  it('checks the score range', async () => {
    const job = makeJob({
      aiSettings: { ...makeJob().aiSettings, isScreening: true, isAutoShortlist: true },
    });
    const calls = mockApi(job);
    const user = userEvent.setup();
    renderForm(job);
    const score = screen.getByRole('spinbutton', { name: 'Shortlist score' });
    await user.clear(score);
    await user.type(score, '5.1');
    expect(await screen.findByText(jobMessages.scoreRange, {}, { timeout: 2000 })).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);
  });

  it('disables every control for viewers', () => {
    mockApi(makeJob());
    renderForm(makeJob(), false);
    expect(screen.getByRole('textbox', { name: /Job title/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Pre-launch' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'CV ranking' })).toBeDisabled();
  });
});

// spec 1 §5, §6, §8 through plan.ts PLAN_FEATURE_TABLE: the editor locks what the plan does not sell and says why.
describe('JobDetailsForm plan gates', () => {
  it("on 'Video First Applications' adds no job video and no additional video", () => {
    const job = makeJob({ showAdditionalVideos: true });
    mockApi(job);
    renderForm(job, true, vi.fn(), {
      name: 'Video First Applications',
      features: { videoJobPosts: false, videoApplications: true, preLaunch: true },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(jobMessages.planNoVideo);
    expect(screen.getByRole('textbox', { name: 'Video link' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose video from library' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add video' })).toBeDisabled();
    expect(screen.getAllByText(jobMessages.planNoVideo)).toHaveLength(2);
    // Video applications are on this plan.
    expect(screen.getByRole('switch', { name: 'Redirect candidates to your ATS' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Custom question/ })).toBeEnabled();
  });

  it("on 'Video First Job Posts' locks the video question, custom question and redirect, with one notice", () => {
    const job = makeJob({ showAdditionalVideos: true });
    mockApi(job);
    renderForm(job, true, vi.fn(), {
      name: 'Video First Job Posts',
      features: { videoJobPosts: true, videoApplications: false, preLaunch: false },
    });
    expect(screen.getByRole('alert')).toHaveTextContent(jobMessages.planVideoApplications);
    expect(screen.getByRole('switch', { name: 'Redirect candidates to your ATS' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Application page link' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Video intro question' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('textbox', { name: /Custom question/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose video from library' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add video' })).toBeEnabled();
  });
});
