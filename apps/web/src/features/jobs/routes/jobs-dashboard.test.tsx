import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TJob } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import {
  makeJob,
  makeMe,
  mockApi,
  renderWithApp,
  type TCall,
} from '../components/dashboard/dashboard-test-utils.tsx';
import { Component as JobsDashboard } from './jobs-dashboard.tsx';

const threeJobs = (): TJob[] => [
  makeJob({ _id: 'j-first', title: 'Head Chef', isFirstJob: true, order: 0 }),
  makeJob({ _id: 'j-a', title: 'Barista', order: 1 }),
  makeJob({ _id: 'j-b', title: 'Waiter', order: 2 }),
];

// GET /geocode answers one place for any search.
const leedsGeocode = (call: TCall) =>
  call.method === 'GET' && call.path.startsWith('/geocode')
    ? {
        body: {
          data: [
            {
              label: 'Leeds, England, United Kingdom',
              city: 'Leeds',
              county: 'England',
              country: 'United Kingdom',
              countryCode: 'GB',
              lat: 53.8,
              lon: -1.55,
            },
          ],
        },
      }
    : undefined;

function server(jobs: TJob[], extra?: (call: TCall) => { status?: number; body: unknown } | undefined) {
  return mockApi((call) => {
    const answered = extra?.(call);
    if (answered) return answered;
    if (call.method === 'GET' && call.path.startsWith('/job')) return { body: { data: jobs } };
    if (call.method === 'PATCH' && call.path === '/job/reorder') return { body: { data: { ok: true } } };
    return undefined;
  });
}

// jsdom has no layout: give each sortable card a place in a one-column grid, then move `title` one place down
// with the keyboard (Space lifts, ArrowDown moves, Space drops). Answers what the live region said after each key.
async function moveDownWithKeyboard(title: string) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const card = this.closest<HTMLElement>('[data-job-id]');
    const cards = [...document.querySelectorAll<HTMLElement>('[data-job-id]')];
    const index = card ? cards.indexOf(card) : -1;
    const top = index < 0 ? 0 : 300 + index * 310;
    const height = card ? 298 : 0;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 300,
      height,
      right: 300,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  const handle = await screen.findByRole('button', { name: `Move ${title}` });
  handle.focus();
  const liveRegion = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent ?? '';
  const said: string[] = [];
  // The keyboard sensor starts listening on the next tick; give each key its own tick.
  const press = async (target: Element | Document, code: string, key: string) => {
    await act(async () => {
      fireEvent.keyDown(target, { code, key });
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    said.push(liveRegion());
  };
  await press(handle, 'Space', ' ');
  await press(document, 'ArrowDown', 'ArrowDown');
  await press(document, 'Space', ' ');
  return said;
}

describe('jobs dashboard', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the jobs first job on top, then by order', async () => {
    server([
      makeJob({ _id: 'j-b', title: 'Waiter', order: 2 }),
      makeJob({ _id: 'j-first', title: 'Head Chef', isFirstJob: true, order: 9 }),
      makeJob({ _id: 'j-a', title: 'Barista', order: 1 }),
    ]);
    renderWithApp(<JobsDashboard />);
    await screen.findByRole('heading', { name: 'Waiter' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Head Chef', 'Barista', 'Waiter']);
  });

  it('hides New, duplicate, export and delete from a viewer and disables the toggles', async () => {
    server(threeJobs());
    renderWithApp(<JobsDashboard />, { me: makeMe({ role: 0 }) });
    await screen.findByRole('heading', { name: 'Barista' });
    expect(screen.queryByRole('button', { name: /^New/ })).not.toBeInTheDocument();
    for (const toggle of screen.getAllByRole('switch', { name: /^Live: / })) expect(toggle).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Barista' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Duplicate' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Export emails' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Tracking data' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    // The reorder mode is a setting: disabled, with the spec tooltip.
    const edit = screen.getByRole('button', { name: 'Edit' });
    expect(edit).toBeDisabled();
    await userEvent.hover(edit.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(jobMessages.viewerCannotEdit);
  });

  it.each([
    ['a viewer copies and shares the link only', 0, false],
    ['a job manager also makes short links and sends emails', 1, true],
  ] as const)('share dialog: %s', async (_name, role, canWrite) => {
    const shareUrl = 'https://jobs.example/job/leeds/northwind/barista-AbCd1234?utm_source=u1';
    server([makeJob({ _id: 'j-a', title: 'Barista', status: 'open' })], (call) =>
      call.method === 'POST' && call.path === '/job/j-a/short'
        ? { body: { data: { _id: 'j-a', title: 'Barista', shortId: 'AbCd1234', status: 'open', shareUrl } } }
        : undefined,
    );
    renderWithApp(<JobsDashboard />, { me: makeMe({ role }) });
    await screen.findByRole('heading', { name: 'Barista' });
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Barista' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share “Barista”' });
    expect(await within(dialog).findByRole('textbox', { name: 'Job link' })).toHaveValue(shareUrl);
    expect(within(dialog).queryByRole('button', { name: 'Create a short link' }) !== null).toBe(canWrite);
    expect(within(dialog).queryByRole('tab', { name: 'Email' }) !== null).toBe(canWrite);
  });

  it('shows the intro video and New Job when the company has no jobs', async () => {
    const video = (n: number, title: string, mp4: string | null) => ({
      _id: `v${n}`,
      title,
      status: mp4 ? 'prepared' : 'new',
      data: { videoMp4Url: mp4, videoMp4Url_720p: null, image640: mp4 && `/posters/${n}.webp` },
      thumbnails: [],
    });
    const calls = server([], (call) =>
      call.method === 'GET' && call.path === '/asset/onboarding'
        ? {
            body: {
              data: [
                video(2, '2. Post your first job', '/media/2.mp4'),
                video(1, '1. Welcome to Hirecast', '/media/1.mp4'),
              ],
            },
          }
        : undefined,
    );
    renderWithApp(<JobsDashboard />);
    expect(await screen.findByRole('heading', { name: 'Post your first video job' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Job' })).toBeInTheDocument();
    // spec 1 §2: the intro video is the first onboarding video, by its number.
    const player = await screen.findByLabelText('Intro video: Welcome to Hirecast');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', '/media/1.mp4');
    expect(player).toHaveAttribute('poster', '/posters/1.webp');
    // Its controls come once it has settled, so no loading spinner is drawn over the poster.
    expect(player).not.toHaveAttribute('controls');
    fireEvent(player, new Event('suspend'));
    await waitFor(() => expect(player).toHaveAttribute('controls'));
    expect(calls.some((c) => c.path === '/asset/onboarding')).toBe(true);
  });

  it('keeps the illustration while no intro video can play yet', async () => {
    server([], (call) =>
      call.method === 'GET' && call.path === '/asset/onboarding' ? { body: { data: [] } } : undefined,
    );
    renderWithApp(<JobsDashboard />);
    expect(await screen.findByRole('heading', { name: 'Post your first video job' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Intro video/)).not.toBeInTheDocument();
  });

  it('add listing: lists the missing required fields and sends nothing', async () => {
    const calls = server([]);
    renderWithApp(<JobsDashboard />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new listing' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Head Chef');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create listing' }));
    const toastHeading = await screen.findByText(jobMessages.requiredFieldsHeading);
    // The open dialog hides the rest of the page from the accessibility tree, so read the list items directly.
    const items = [...(toastHeading.parentElement as HTMLElement).querySelectorAll('li')];
    expect(items.map((li) => li.textContent)).toEqual(['Description', 'Location', 'Job Post Heading']);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('add listing: creates the job as a Delta and offers the first-job prompt', async () => {
    const created = makeJob({ _id: 'new-1', isFirstJob: true });
    const calls = server([], (call) =>
      call.method === 'POST' && call.path === '/job'
        ? { status: 201, body: { data: created } }
        : leedsGeocode(call),
    );
    renderWithApp(<JobsDashboard />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new listing' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' Head Chef ');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Job post heading' }),
      'Lead our kitchen',
    );
    // The location is the editor's autocomplete: 3 symbols, then a suggestion is chosen.
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Location/ }), 'Lee');
    await userEvent.click(
      await screen.findByRole('option', { name: 'Leeds, England, United Kingdom' }, { timeout: 3000 }),
    );
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Short description' }),
      'Run the kitchen.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create listing' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/job')?.body).toEqual({
      title: 'Head Chef',
      postHeading: 'Lead our kitchen',
      location: { city: 'Leeds', county: 'England', country: 'United Kingdom', lat: 53.8, lon: -1.55 },
      description: { ops: [{ insert: 'Run the kitchen.\n' }] },
    });
    expect(calls.find((c) => c.path.startsWith('/geocode'))?.path).toBe('/geocode?q=Lee&limit=10');
    expect(screen.getByTestId('location')).toHaveTextContent('/jobs/new-1/edit{"redirectedFirstJob":true}');
  });

  it('add listing: a location typed but not chosen from the suggestions is not accepted', async () => {
    const calls = server([], leedsGeocode);
    renderWithApp(<JobsDashboard />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new listing' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Head Chef');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Job post heading' }), 'Lead us');
    const location = within(dialog).getByRole('combobox', { name: /Location/ });
    await userEvent.type(location, 'Ma');
    expect(await screen.findByText(jobMessages.locationMinChars)).toBeInTheDocument();
    await userEvent.type(location, 'nc');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Short description' }), 'Cook.');
    // Leaving the field without a choice empties it and says why.
    expect(location).toHaveValue('');
    expect(within(dialog).getByText(jobMessages.locationNotChosen)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create listing' }));
    const toastHeading = await screen.findByText(jobMessages.requiredFieldsHeading);
    const items = [...(toastHeading.parentElement as HTMLElement).querySelectorAll('li')];
    expect(items.map((li) => li.textContent)).toEqual(['Location']);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('add listing: closing with unsaved changes asks first', async () => {
    server([]);
    renderWithApp(<JobsDashboard />);
    await userEvent.click(await screen.findByRole('button', { name: 'New Job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a new listing' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Chef');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(confirm).toHaveTextContent('Are you sure you want to close this window without saving changes?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edit mode: moving a card with the keyboard saves the new order', async () => {
    const calls = server(threeJobs());
    renderWithApp(<JobsDashboard />);
    await screen.findByRole('heading', { name: 'Barista' });
    // Each step is announced; the lift is not replaced at once by a move the card did not make.
    expect(await moveDownWithKeyboard('Barista')).toEqual([
      'Picked up Barista. It is at position 1 of 2.',
      'Barista moved to position 2 of 2.',
      'Barista dropped at position 2 of 2.',
    ]);
    expect(screen.queryByRole('button', { name: 'Move Head Chef' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/job/reorder')).toEqual({
        method: 'PATCH',
        path: '/job/reorder',
        body: {
          jobsOrder: [
            { _id: 'j-b', order: 1 },
            { _id: 'j-a', order: 2 },
          ],
        },
      }),
    );
  });

  it('edit mode: a failed save puts the cards back and says so', async () => {
    server(threeJobs(), (call) =>
      call.path === '/job/reorder'
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }
        : undefined,
    );
    renderWithApp(<JobsDashboard />);
    await screen.findByRole('heading', { name: 'Barista' });
    await moveDownWithKeyboard('Barista');
    expect(await screen.findByText(jobMessages.updateFailure)).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Head Chef', 'Barista', 'Waiter']);
  });
});
