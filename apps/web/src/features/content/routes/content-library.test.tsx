import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { assetMessages } from '@hirecast/domain/asset';
import { makeManager } from '../../../test/fixtures.ts';
import { libraryApi, makeImage, makeVideo, renderLibrary } from '../components/content-test-utils.tsx';
import { Component as ContentLibrary } from './content-library.tsx';

const location = () => screen.getByTestId('location').textContent;
const viewer = makeManager({ _id: 'm-viewer', role: 0 });

async function openMenu(title: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Options for ${title}` }));
  return screen.findByRole('menu');
}

describe('content library', () => {
  beforeEach(() => {
    // jsdom has no canvas: a draft's poster (drawn) stays blank here; the drawing is checked in Chromium.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens on Videos and keeps tab, page and search in the URL', async () => {
    const videos = Array.from({ length: 12 }, (_, i) => makeVideo({ _id: `v${i}`, title: `Video ${i}` }));
    const calls = libraryApi({ videos, count: 30 });
    renderLibrary(<ContentLibrary />);
    expect(await screen.findByRole('tab', { name: 'Videos', selected: true })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Video 0' });
    expect(calls.at(-1)?.path).toBe('/company/assets?skip=0&limit=12');

    // pagination above 12: page 2 is page=1 and skip=12
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(location()).toBe('?page=1'));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/company/assets?skip=12&limit=12'));

    // the search waits 300 ms, then lands in the URL and restarts at page 0
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search videos by title' }), 'Video 1');
    expect(location()).toBe('?page=1');
    await waitFor(() => expect(location()).toBe('?search=Video+1'));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/company/assets?skip=0&limit=12&search=Video+1'));

    await userEvent.click(screen.getByRole('tab', { name: 'Images' }));
    expect(location()).toBe('?tab=images');
    expect(
      await screen.findByText("There are no images here yet. Click 'Add' to upload..."),
    ).toBeInTheDocument();
  });

  it('moves a page past the last one (its last video deleted) to the last page, in place of it', async () => {
    const videos = Array.from({ length: 13 }, (_, i) => makeVideo({ _id: `v${i}`, title: `Video ${i}` }));
    const calls = libraryApi({ videos, count: 13 }, (call) =>
      call.path.startsWith('/company/assets?skip=24')
        ? { body: { data: { assets: [], count: 13 } } }
        : undefined,
    );
    renderLibrary(<ContentLibrary />, { path: '/content?page=2' });
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/company/assets?skip=12&limit=12'));
    await screen.findByRole('heading', { name: 'Video 12' });
    // and it stays there (the empty page's answer standing in for the next page's must not move it again)
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(location()).toBe('?page=1');
    expect(calls.filter((c) => c.path.startsWith('/company/assets?skip=0'))).toEqual([]);
    expect(await screen.findByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    // never the empty library's message: the user has videos
    expect(screen.queryByText(/no videos here yet/i)).toBeNull();
  });

  it('reads the tab from the URL; Animate opens the format chooser', async () => {
    libraryApi({}, (call) =>
      call.path.startsWith('/video?')
        ? { body: { data: { videos: [], videosCount: 0, samples: [] } } }
        : undefined,
    );
    renderLibrary(<ContentLibrary />, { path: '/content?tab=animated' });
    expect(screen.getByRole('tab', { name: 'Animate', selected: true })).toBeInTheDocument();
    await screen.findByText(/There are no animated videos here yet/);
    const [headerButton] = screen.getAllByRole('button', { name: 'Animate' });
    await userEvent.click(headerButton!);
    expect(await screen.findByRole('dialog', { name: 'Choose a format' })).toBeInTheDocument();
  });

  it('labels statuses and opens the viewer only for prepared, posted or new', async () => {
    libraryApi({
      videos: [
        makeVideo({ _id: 'a', title: 'Fresh', status: 'new' }),
        makeVideo({ _id: 'b', title: 'Busy', status: 'in progress' }),
        makeVideo({ _id: 'c', title: 'Broken', status: 'error', statusReason: 'The file is not a video' }),
      ],
    });
    renderLibrary(<ContentLibrary />);
    const fresh = await screen.findByRole('article', { name: 'Fresh' });
    expect(within(fresh).getByText('prepared')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Busy' })).getByText('processing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play Busy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play Broken' })).not.toBeInTheDocument();
    await userEvent.hover(within(screen.getByRole('article', { name: 'Broken' })).getByText('error'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The file is not a video');

    await userEvent.click(screen.getByRole('button', { name: 'Play Fresh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fresh' });
    expect(dialog.querySelector('video')?.getAttribute('src')).toBe('/files/v1-720.mp4');
  });

  it('shows Processing and how far a video is, and updates without a reload until it is done', async () => {
    const steps = [
      makeVideo({ title: 'Intro', status: 'in progress', data: {}, thumbnails: [] }),
      makeVideo({
        title: 'Intro',
        status: 'prepared',
        data: { videoMp4Url: '/files/v1-480.mp4' },
        thumbnails: [],
      }),
      makeVideo({ title: 'Intro' }),
    ];
    let calls = 0;
    libraryApi({}, (call) =>
      call.method === 'GET' && call.path.startsWith('/company/assets')
        ? { body: { data: { assets: [steps[Math.min(calls++, steps.length - 1)]], count: 1 } } }
        : undefined,
    );
    renderLibrary(<ContentLibrary />);
    const card = await screen.findByRole('article', { name: 'Intro' });
    expect(within(card).getByText('Processing')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Processing Intro' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    // The list polls while a video processes: the band moves on, then goes, with no reload.
    await waitFor(
      () =>
        expect(within(card).getByRole('progressbar', { name: 'Processing Intro' })).toHaveAttribute(
          'aria-valuenow',
          '50',
        ),
      { timeout: 8000 },
    );
    await waitFor(() => expect(within(card).queryByText('Processing')).not.toBeInTheDocument(), {
      timeout: 8000,
    });
    expect(within(card).getByLabelText('Duration 1:05')).toBeInTheDocument();
  });

  it('a viewer cannot change what they do not own, nor publish a story', async () => {
    libraryApi({
      videos: [makeVideo({ _id: 'x', title: 'Not mine', _owner: 'someone-else' })],
      images: [makeImage({ _id: 'y', title: 'My image', _owner: 'm-viewer' })],
    });
    renderLibrary(<ContentLibrary />, { me: viewer });
    const menu = await openMenu('Not mine');
    for (const name of ['Rename', 'Thumbnail', 'Tags', 'Delete'])
      expect(within(menu).getByRole('menuitem', { name: new RegExp(`^${name}`) })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
    expect(within(menu).getByRole('menuitem', { name: /^Download/ })).not.toHaveAttribute('aria-disabled');
    const story = within(menu).getByRole('menuitemcheckbox', { name: /Publish as story/ });
    expect(story).toHaveAttribute('aria-disabled', 'true');
    expect(story).toHaveTextContent(assetMessages.viewerStory);
    await userEvent.keyboard('{Escape}');

    // their own image stays editable
    await userEvent.click(screen.getByRole('tab', { name: 'Images' }));
    const imageMenu = await openMenu('My image');
    expect(within(imageMenu).getByRole('menuitem', { name: 'Crop' })).not.toHaveAttribute('aria-disabled');
    expect(within(imageMenu).getByRole('menuitem', { name: 'Rename' })).not.toHaveAttribute('aria-disabled');
  });

  it('offers 480p and 720p only once processed', async () => {
    libraryApi({
      videos: [
        makeVideo({
          title: 'Half done',
          status: 'in progress',
          data: { ...makeVideo().data, videoMp4Url: null, videoMp4Url_720p: null },
        }),
      ],
    });
    renderLibrary(<ContentLibrary />);
    const menu = await openMenu('Half done');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download' });
    expect(within(dialog).getByRole('button', { name: 'Original' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: '480p' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '720p' })).toBeDisabled();
    await userEvent.hover(within(dialog).getByRole('button', { name: '720p' }).parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(assetMessages.qualityProcessing);
  });

  it('tags: stops at 10 with the spec message and saves the list', async () => {
    const ten = Array.from({ length: 9 }, (_, i) => `tag${i}`);
    const calls = libraryApi({ videos: [makeVideo({ title: 'Tagged', _tags: ten })] }, (call) =>
      call.method === 'PATCH' ? { body: { data: makeVideo() } } : undefined,
    );
    renderLibrary(<ContentLibrary />);
    const menu = await openMenu('Tagged');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags' });
    const input = within(dialog).getByRole('combobox', { name: 'Tags' });
    await userEvent.type(input, 'tenth{Enter}');
    expect(within(dialog).getByText(assetMessages.tooManyTags)).toBeInTheDocument();
    await userEvent.type(input, 'eleventh{Enter}');
    expect(within(dialog).queryByText('eleventh')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: '/asset/v1',
        body: { _tags: [...ten, 'tenth'] },
      }),
    );
  });

  it('rename counts to 90 and delete confirms with the spec toast', async () => {
    const calls = libraryApi({ videos: [makeVideo({ title: 'Intro' })] }, (call) => {
      if (call.method === 'PATCH') return { body: { data: makeVideo() } };
      if (call.method === 'DELETE') return { status: 204, body: null };
      return undefined;
    });
    renderLibrary(<ContentLibrary />);
    await userEvent.click(within(await openMenu('Intro')).getByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename' });
    const field = within(rename).getByRole('textbox', { name: 'Title' });
    expect(within(rename).getByText('5/90')).toBeInTheDocument();
    expect(field).toHaveAttribute('maxlength', '90');
    await userEvent.clear(field);
    await userEvent.type(field, 'Our kitchen');
    await userEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: 'Our kitchen' }),
    );

    await userEvent.click(within(await openMenu('Intro')).getByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this video?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Successfully deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/asset/v1');
  });

  it('image upload checks type and size with the spec messages', async () => {
    const calls = libraryApi({});
    renderLibrary(<ContentLibrary />, { path: '/content?tab=images' });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Add' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add an image' });
    const input = within(dialog).getByTestId('image-file-input');
    await userEvent.upload(input, new File(['x'], 'doc.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await within(dialog).findByText('File type must be one of PNG, JPEG, WEBP')).toBeInTheDocument();
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await userEvent.upload(input, big);
    expect(await within(dialog).findByText('File cannot be larger than 10 mb')).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/signed-url'))).toBe(false);
  });

  it('the options menu closes 600 ms after the pointer leaves it, not before', async () => {
    libraryApi({ videos: [makeVideo({ title: 'Hover me' })] });
    renderLibrary(<ContentLibrary />);
    const menu = await openMenu('Hover me');
    const paper = menu.closest('.MuiPaper-root') as HTMLElement;
    fireEvent.mouseLeave(paper);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    // coming back cancels the close
    fireEvent.mouseEnter(paper);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    fireEvent.mouseLeave(paper);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument(), { timeout: 1500 });
  });

  it('empty videos offer Add (record or upload) and Go to Jobs', async () => {
    libraryApi({});
    renderLibrary(<ContentLibrary />);
    expect(await screen.findByText(/There are no videos here yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Jobs' })).toHaveAttribute('href', '/jobs');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add' })[0] as HTMLElement);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Record a video' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Upload a video' })).toBeInTheDocument();
  });
});
