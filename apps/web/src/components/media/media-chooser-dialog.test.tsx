import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chooserTitle, MediaChooserDialog } from './media-chooser-dialog.tsx';
import { makeTemplate } from '../../test/template-fixtures.ts';
import { makeVideoAsset, mockApi, renderWithQuery } from './media-test-utils.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('MediaChooserDialog', () => {
  it('titles itself by the kinds it offers (spec 1 §2)', () => {
    expect(chooserTitle(['image', 'video'])).toBe('Choose a content');
    expect(chooserTitle(['image'])).toBe('Choose an image');
    expect(chooserTitle(['video'])).toBe('Choose a video');
  });

  it('lets only playable videos be chosen', async () => {
    const ready = makeVideoAsset({ _id: 'v-1', title: 'Team intro', status: 'prepared' });
    const processing = makeVideoAsset({
      _id: 'v-2',
      title: 'Warehouse tour',
      status: 'in progress',
      data: {},
      thumbnails: [],
    });
    const failed = makeVideoAsset({ _id: 'v-3', title: 'Broken clip', status: 'error' });
    const calls = mockApi((call) =>
      call.path.startsWith('/company/assets')
        ? { body: { data: { assets: [ready, processing, failed], count: 3 } } }
        : undefined,
    );
    const onChoose = vi.fn();
    renderWithQuery(<MediaChooserDialog open kinds={['video']} onClose={vi.fn()} onChoose={onChoose} />);

    expect(screen.getByRole('heading', { name: 'Choose a video' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Recorded videos' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Animated videos' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Images' })).not.toBeInTheDocument();

    const busy = await screen.findByRole('button', { name: 'Warehouse tour (in progress)' });
    expect(busy).toBeDisabled();
    // A video the pipeline still works on says so, with how far it is (the list polls meanwhile).
    expect(within(busy).getByText('Processing')).toBeInTheDocument();
    expect(within(busy).getByRole('progressbar', { name: 'Processing Warehouse tour' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(
      within(screen.getByRole('button', { name: 'Broken clip (error)' })).queryByText('Processing'),
    ).toBeNull();
    expect(screen.getByRole('button', { name: 'Broken clip (error)' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Team intro' }));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith({ kind: 'video', asset: ready });
    expect(calls[0]?.path).toBe('/company/assets?skip=0&limit=12');
  });

  it('searches after 300 ms and says when nothing matches', async () => {
    const calls = mockApi((call) =>
      call.path.startsWith('/company/assets') ? { body: { data: { assets: [], count: 0 } } } : undefined,
    );
    renderWithQuery(<MediaChooserDialog open kinds={['video']} onClose={vi.fn()} onChoose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'tour');
    expect(await screen.findByText('Try searching for something different.')).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe('/company/assets?skip=0&limit=12&search=tour');
  });

  it('lists rendered animated videos and chooses the rendered video asset', async () => {
    const rendered = makeTemplate({
      _id: 't-1',
      title: 'Our office',
      status: 'rendered',
      _file: 'f-1',
      thumbnail: '/files/t1.jpg',
    });
    const asset = makeVideoAsset({ _id: 'f-1', title: 'Our office', status: 'ready' });
    const calls = mockApi((call) => {
      if (call.path.startsWith('/company/assets')) return { body: { data: { assets: [], count: 0 } } };
      if (call.path.startsWith('/video?'))
        return { body: { data: { videos: [rendered], videosCount: 1, samples: [] } } };
      if (call.path === '/asset/f-1') return { body: { data: asset } };
      return undefined;
    });
    const onChoose = vi.fn();
    renderWithQuery(<MediaChooserDialog open kinds={['video']} onClose={vi.fn()} onChoose={onChoose} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Animated videos' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Our office' }));
    expect(calls.some((c) => c.path === '/video?skip=0&limit=12&status=rendered')).toBe(true);
    await vi.waitFor(() => expect(onChoose).toHaveBeenCalledExactlyOnceWith({ kind: 'video', asset }));
  });

  it('says when there are no rendered animated videos, and is left out where a clip is chosen', async () => {
    mockApi((call) => {
      if (call.path.startsWith('/company/assets')) return { body: { data: { assets: [], count: 0 } } };
      if (call.path.startsWith('/video?'))
        return { body: { data: { videos: [], videosCount: 0, samples: [] } } };
      return undefined;
    });
    const { unmount } = renderWithQuery(
      <MediaChooserDialog open kinds={['image', 'video']} onClose={vi.fn()} onChoose={vi.fn()} />,
    );
    expect(screen.getByRole('heading', { name: 'Choose a content' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Animated videos' }));
    expect(await screen.findByText('No data to display')).toBeInTheDocument();
    unmount();
    renderWithQuery(
      <MediaChooserDialog open kinds={['video']} animated={false} onClose={vi.fn()} onChoose={vi.fn()} />,
    );
    expect(screen.queryByRole('tab', { name: 'Animated videos' })).toBeNull();
  });
});
