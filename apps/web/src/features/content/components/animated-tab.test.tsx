import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { makeManager } from '../../../test/fixtures.ts';
import { Component as ContentLibrary } from '../routes/content-library.tsx';
import { libraryApi, renderLibrary } from './content-test-utils.tsx';
import { makeTemplate, makeTemplateData } from '../../../test/template-fixtures.ts';

// A stand-in for the browser's EventSource: the test pushes the server's events.
class FakeEventSource {
  static all: FakeEventSource[] = [];
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
  push(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

function templatesApi(videos: TVideoTemplate[], count = videos.length, samples: TVideoTemplate[] = []) {
  return libraryApi({}, (call) => {
    if (call.method === 'GET' && call.path.startsWith('/video?'))
      return { body: { data: { videos, videosCount: count, samples } } };
    if (call.method === 'DELETE' && call.path.startsWith('/video/')) return { body: { data: {} } };
    return undefined;
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });
const path = '/content?tab=animated';

describe('animated videos tab', () => {
  beforeEach(() => {
    // jsdom has no canvas: a draft's poster (drawn) stays blank here; the drawing is checked in Chromium.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    FakeEventSource.all = [];
  });

  it('asks for pages of 12 and pages on', async () => {
    const videos = Array.from({ length: 12 }, (_, i) => makeTemplate({ _id: `t${i}`, title: `Anim ${i}` }));
    const calls = templatesApi(videos, 20);
    renderLibrary(<ContentLibrary />, { path });
    await screen.findByRole('heading', { name: 'Anim 0' });
    expect(calls.at(-1)?.path).toBe('/video?skip=0&limit=12');
    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/video?skip=12&limit=12'));
  });

  it('labels every status and offers only what the status allows', async () => {
    templatesApi([
      makeTemplate({ _id: 'a', title: 'Draft one', status: 'draft' }),
      makeTemplate({ _id: 'b', title: 'Working one', status: 'rendering', progress: 42 }),
      makeTemplate({ _id: 'c', title: 'Preparing one', status: 'preparing', progress: 0 }),
      makeTemplate({ _id: 'd', title: 'Ready one', status: 'rendered', _file: 'f1', videoMp4Url: '/f.mp4' }),
      makeTemplate({ _id: 'e', title: 'Failed one', status: 'error', errorReason: 'Clip unreadable' }),
    ]);
    vi.stubGlobal('EventSource', FakeEventSource);
    renderLibrary(<ContentLibrary />, { path });
    await screen.findByRole('heading', { name: 'Draft one' });

    expect(within(card('Draft one')).getByText('draft')).toBeInTheDocument();
    expect(within(card('Working one')).getByText('processing 42%')).toBeInTheDocument();
    expect(within(card('Ready one')).getByText('ready')).toBeInTheDocument();
    expect(within(card('Failed one')).getByText('error')).toBeInTheDocument();

    // working and failed cards are not clickable; a draft opens the editor, a rendered one the view
    for (const title of ['Working one', 'Preparing one', 'Failed one'])
      expect(within(card(title)).queryByRole('button', { name: /^(Edit|Play) / })).toBeNull();
    expect(within(card('Draft one')).getByRole('button', { name: 'Edit Draft one' })).toBeInTheDocument();
    await userEvent.click(within(card('Ready one')).getByRole('button', { name: 'Play Ready one' }));
    expect(await screen.findByLabelText('Animated video: Ready one')).toHaveAttribute('src', '/f.mp4');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    const menuItems = async (title: string) => {
      await userEvent.click(screen.getByRole('button', { name: `Options for ${title}` }));
      const menu = await screen.findByRole('menu');
      const names = within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
      return names;
    };
    expect(await menuItems('Draft one')).toEqual(['Edit', 'Make a copy', 'Delete']);
    expect(await menuItems('Working one')).toEqual(['Make a copy']);
    expect(await menuItems('Ready one')).toEqual(['View', 'Edit', 'Make a copy', 'Analytics', 'Delete']);
    expect(await menuItems('Failed one')).toEqual(['Make a copy', 'Delete']);

    // templates are being worked on: the company's stream is followed, once
    expect(FakeEventSource.all.map((s) => s.url)).toEqual(['/api/video/events']);
  });

  it('moves the status live from the event stream', async () => {
    const id = '5b0c6c1e-8f4e-4f57-9a53-7c1c2f7d8a11';
    const videos = [makeTemplate({ _id: id, title: 'Working one', status: 'preparing', progress: 0 })];
    templatesApi(videos);
    vi.stubGlobal('EventSource', FakeEventSource);
    renderLibrary(<ContentLibrary />, { path });
    await screen.findByRole('heading', { name: 'Working one' });
    const source = FakeEventSource.all[0]!;
    act(() => source.push({ _id: id, status: 'rendering', progress: 57, errorReason: null }));
    expect(await within(card('Working one')).findByText('processing 57%')).toBeInTheDocument();
    // the server now answers rendered; the event makes the list fetch again
    videos[0] = { ...videos[0]!, status: 'rendered', progress: 100, videoMp4Url: '/r.mp4' };
    act(() => source.push({ _id: id, status: 'rendered', progress: 100, errorReason: null }));
    expect(await within(card('Working one')).findByText('ready')).toBeInTheDocument();
    // nothing is worked on any more: the stream is closed
    await waitFor(() => expect(source.closed).toBe(true));
  });

  it('deletes after a confirmation; a viewer cannot delete or edit what they do not own', async () => {
    const calls = templatesApi([makeTemplate({ _id: 'a', title: 'Draft one', _owner: 'someone-else' })]);
    renderLibrary(<ContentLibrary />, { path, me: makeManager({ _id: 'm-viewer', role: 0 }) });
    await screen.findByRole('heading', { name: 'Draft one' });
    expect(within(card('Draft one')).queryByRole('button', { name: 'Edit Draft one' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Options for Draft one' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Delete/ })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: /Edit/ })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('deletes its own after the confirmation', async () => {
    const calls = templatesApi([makeTemplate({ _id: 'a', title: 'Draft one' })]);
    renderLibrary(<ContentLibrary />, { path });
    await screen.findByRole('heading', { name: 'Draft one' });
    await userEvent.click(screen.getByRole('button', { name: 'Options for Draft one' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Delete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this animated video?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/video/a')).toBe(true));
    expect(await screen.findByText('Successfully deleted')).toBeInTheDocument();
  });

  it('shows the samples with make one like this beside the empty state', async () => {
    templatesApi([], 0, [makeTemplate({ _id: 's1', title: 'Sample office', isSample: true, _owner: null })]);
    renderLibrary(<ContentLibrary />, { path });
    expect(await screen.findByText(/There are no animated videos here yet/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Animate' }).length).toBeGreaterThan(0);
    const samples = screen.getByRole('region', { name: 'Samples' });
    expect(
      within(samples).getByRole('button', { name: 'Make one like this: Sample office' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("shows each card's duration, rounded as the editor's player rounds it", async () => {
    // Opening 3 s + clip 8.6 s + transition 3 s + closing 3.5 s, less three 0.5 s crossfades: 16.6 s, which
    // the player (like the browser's video controls) shows as 0:16.
    const data = makeTemplateData();
    const clip = data.sections[1]!;
    if (clip.type === 'video') clip.video.duration = 8600;
    templatesApi([makeTemplate({ _id: 'd1', title: 'Draft one', data })], 1, [
      makeTemplate({ _id: 's1', title: 'Sample office', isSample: true, _owner: null }),
    ]);
    renderLibrary(<ContentLibrary />, { path });
    const card = await screen.findByRole('article', { name: 'Draft one' });
    expect(within(card).getByLabelText('Duration 0:16')).toHaveTextContent('0:16');
    const samples = screen.getByRole('region', { name: 'Samples' });
    expect(within(samples).getByLabelText('Duration 0:16')).toBeInTheDocument();
  });

  it('pages only its own templates: the samples are a row of their own on every page', async () => {
    const own = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => makeTemplate({ _id: `t${from + i}`, title: `Anim ${from + i}` }));
    const samples = ['Sample office', 'Sample store', 'Sample portrait'].map((title, i) =>
      makeTemplate({ _id: `s${i}`, title, isSample: true, _owner: null }),
    );
    const videos = own(0, 12);
    const calls = templatesApi(videos, 13, samples);
    renderLibrary(<ContentLibrary />, { path });
    await screen.findByRole('heading', { name: 'Anim 0' });
    const grid = screen.getByRole('region', { name: 'Animated videos' });
    expect(within(grid).getAllByRole('article')).toHaveLength(12);
    expect(within(grid).queryByRole('article', { name: 'Sample office' })).toBeNull();
    const row = screen.getByRole('region', { name: 'Samples' });
    expect(within(row).getAllByRole('article')).toHaveLength(3);
    // 13 own templates: two pages, whatever the samples
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Go to page 2' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Go to page 3' })).toBeNull();

    videos.splice(0, 12, ...own(12, 1));
    await userEvent.click(within(pages).getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(calls.at(-1)?.path).toBe('/video?skip=12&limit=12'));
    expect(await screen.findByRole('heading', { name: 'Anim 12' })).toBeInTheDocument();
    expect(screen.queryByText(/There are no animated videos here yet/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Samples' })).getAllByRole('article')).toHaveLength(3);
  });

  it('moves to the last page when the pages after it are gone, and stays there', async () => {
    const own = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => makeTemplate({ _id: `t${from + i}`, title: `Anim ${from + i}` }));
    const calls = libraryApi({}, (call) => {
      if (call.method !== 'GET' || !call.path.startsWith('/video?')) return undefined;
      const skip = Number(new URL(call.path, 'http://x').searchParams.get('skip'));
      const videos = skip === 0 ? own(0, 12) : skip === 12 ? own(12, 2) : [];
      return { body: { data: { videos, videosCount: 14, samples: [] } } };
    });
    renderLibrary(<ContentLibrary />, { path: `${path}&page=4` });
    expect(await screen.findByRole('heading', { name: 'Anim 13' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByTestId('location').textContent).toBe('?tab=animated&page=1');
    expect(calls.filter((c) => c.path.startsWith('/video?skip=0'))).toEqual([]);
  });
});
