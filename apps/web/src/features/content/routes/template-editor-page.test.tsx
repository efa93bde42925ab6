import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { TVideoAsset } from '@hirecast/domain/asset';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { meQueryKey } from '../../../lib/me.ts';
import { session } from '../../../lib/session.ts';
import { makeManager } from '../../../test/fixtures.ts';
import { mockApi } from '../../../test/mock-api.ts';
import { makeVideo } from '../components/content-test-utils.tsx';
import { makeTemplate, makeTemplateData } from '../../../test/template-fixtures.ts';
import { Component as EditorPage } from './template-editor-page.tsx';

// The editor and its dialogs load lazily and remount after the first save: slow on a loaded 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

const ID = '7f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
const CLIP_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

function Probe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
}

function renderEditor(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(meQueryKey, makeManager());
  const router = createMemoryRouter(
    [
      {
        path: '/content/:action/:id?',
        element: (
          <>
            <EditorPage />
            <Probe />
          </>
        ),
      },
      { path: '*', element: <Probe /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastContainer autoClose={false} />
    </QueryClientProvider>,
  );
  return router;
}

/**
 * A template server: POST creates, PATCH updates, render starts preparing; `asset` is answered by GET
 * /asset/{id}; every call is recorded.
 */
function templateServer(
  stored?: TVideoTemplate,
  asset?: TVideoAsset,
  company?: { _id: string; logo: string },
) {
  let current = stored ?? null;
  const clip = makeVideo({ _id: CLIP_ID, title: 'Team clip', duration: 9 });
  return mockApi((call) => {
    const body = call.body as { title: string; data: TVideoTemplate['data'] } | undefined;
    if (company && call.method === 'GET' && call.path === `/company/${company._id}`)
      return { body: { data: { name: 'Acme', primaryColor: '#123456', ...company } } };
    if (asset && call.method === 'GET' && call.path === `/asset/${asset._id}`)
      return { body: { data: asset } };
    if (call.method === 'GET' && call.path.startsWith('/company/assets'))
      return { body: { data: { assets: [clip], count: 1 } } };
    if (call.method === 'POST' && call.path === '/video') {
      current = makeTemplate({ _id: ID, title: body!.title, data: body!.data });
      return { status: 201, body: { data: current } };
    }
    if (call.method === 'GET' && call.path === `/video/${ID}` && current) return { body: { data: current } };
    if (call.method === 'PATCH' && call.path === `/video/${ID}` && current) {
      current = { ...current, title: body!.title, data: body!.data };
      return { body: { data: current } };
    }
    if (call.method === 'POST' && call.path === `/video/${ID}/render` && current) {
      current = { ...current, status: 'preparing', progress: 0 };
      return { status: 202, body: { data: current } };
    }
    return undefined;
  });
}

describe('animated video editor', () => {
  beforeEach(() => {
    // jsdom draws nothing; the preview's drawing is tested in the browser (e2e).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // The slowest web test: the chooser and the editor load lazily, twice; a loaded machine needs the room.
  it(
    'creates a landscape video: Finalize waits for the clip, save a draft, then finalize',
    { timeout: 60_000 },
    async () => {
      const calls = templateServer();
      const router = renderEditor('/content/create-landscape');
      const finalize = await screen.findByRole('button', { name: 'Finalize' });
      expect(finalize).toBeDisabled();
      expect(screen.getByRole('img', { name: /Preview of/ })).toHaveAttribute('width', '1280');

      // the clip comes from the library
      await userEvent.click(screen.getByRole('button', { name: 'Choose a clip from the library for Video' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Team clip' }, { timeout: 20_000 }));
      await waitFor(() => expect(finalize).toBeEnabled());

      await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/content/edit/${ID}`));
      // the editor opens again on the stored template
      await waitFor(() => expect(finalize.isConnected).toBe(false));
      const created = calls.find((c) => c.method === 'POST' && c.path === '/video');
      const data = (created?.body as { data: TVideoTemplate['data'] }).data;
      expect(data.type).toBe('landscape');
      expect(data.sections.find((s) => s.type === 'video')).toMatchObject({
        video: { assetId: CLIP_ID, duration: 9000, transcoded: true },
      });
      expect(await screen.findByText('Your video has been saved as a draft')).toBeInTheDocument();

      await userEvent.click(await screen.findByRole('button', { name: 'Finalize' }));
      const dialog = await screen.findByRole(
        'dialog',
        { name: 'Your video is being made' },
        { timeout: 5000 },
      );
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
        expect.arrayContaining([`PATCH /video/${ID}`, `POST /video/${ID}/render`]),
      );
      expect(within(dialog).getByRole('link', { name: 'Go to Jobs' })).toHaveAttribute('href', '/jobs');
      await userEvent.click(within(dialog).getByRole('link', { name: 'Back to Videos' }));
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/content?tab=animated'));
    },
  );

  it('shows the field errors with the spec messages', async () => {
    templateServer(makeTemplate({ _id: ID }));
    renderEditor(`/content/edit/${ID}`);
    const ending = await screen.findByRole('textbox', { name: /Closing call to action/ });
    await userEvent.clear(ending);
    await userEvent.tab();
    expect(await screen.findByText("Closing call to action can't be empty.")).toBeInTheDocument();
    const heading = screen.getByRole('textbox', { name: /Transition heading/ });
    await userEvent.clear(heading);
    await userEvent.tab();
    expect(await screen.findByText("Transition heading can't be empty.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalize' })).toBeDisabled();
  });

  it('asks before leaving with unsaved changes, and can save them as a draft', async () => {
    const calls = templateServer(makeTemplate({ _id: ID }));
    const router = renderEditor(`/content/edit/${ID}`);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.type(title, ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Videos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe(`/content/edit/${ID}`);

    await userEvent.click(screen.getByRole('button', { name: 'Back to Videos' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
        name: 'Save as a draft',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe('?tab=animated'));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect((patch?.body as { title: string }).title).toBe('Join our team 2');
  });

  it('makes one like a sample: a new template with the sample content', async () => {
    const sample = makeTemplate({ _id: ID, title: 'Sample office', isSample: true, status: 'rendered' });
    const calls = templateServer(sample);
    renderEditor(`/content/create/${ID}`);
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Sample office');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/video')).toBe(true));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it("makes one like a sample starting with the company's logo in place of the sample's", async () => {
    const logo =
      'http://localhost:3000/api/storage/uploads/public/0b8e6a52-7d3c-4f0a-9a43-2f6a4e1c9d11/logo.png';
    const sample = makeTemplate({
      _id: ID,
      title: 'Sample office',
      isSample: true,
      status: 'rendered',
      data: makeTemplateData({ logo: { url: 'http://localhost/sample-logo.png', imageId: CLIP_ID } }),
    });
    session.setCompanyId('c1');
    try {
      const calls = templateServer(sample, undefined, { _id: 'c1', logo });
      renderEditor(`/content/create/${ID}`);
      expect(await screen.findByRole('img', { name: 'Logo' })).toHaveAttribute('src', logo);
      await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/video')).toBe(true));
      const posted = calls.find((c) => c.method === 'POST' && c.path === '/video')!.body as {
        data: TVideoTemplate['data'];
      };
      expect(posted.data.logo).toEqual({ url: logo, imageId: null });
    } finally {
      session.setCompanyId(null);
    }
  });

  // The recorder's Animate opens /content/create-{format}?clip=<asset id>.
  it(
    'opens with a just-recorded video as its first clip, while it is still being processed',
    { timeout: 60_000 },
    async () => {
      const processing = makeVideo({
        _id: CLIP_ID,
        title: 'Just recorded',
        status: 'in progress',
        dimension: 'portrait',
        duration: 12,
        data: {
          ...makeVideo().data,
          videoUrl: '/files/recording.webm',
          videoMp4Url: null,
          videoMp4Url_720p: null,
        },
      });
      const calls = templateServer(undefined, processing);
      const router = renderEditor(`/content/create-portrait?clip=${CLIP_ID}`);
      expect(await screen.findByRole('img', { name: /Preview of/ })).toHaveAttribute('width', '720');
      expect(await screen.findByLabelText('Video clip')).toHaveAttribute(
        'src',
        '/files/recording.webm#t=0.1',
      );
      expect(screen.getByText('Clip · 0:12')).toBeInTheDocument();
      expect(calls.some((c) => c.path === `/asset/${CLIP_ID}`)).toBe(true);
      // Nothing to lose yet: the clip is in the library.
      const finalize = screen.getByRole('button', { name: 'Finalize' });
      await waitFor(() => expect(finalize).toBeEnabled());

      await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/content/edit/${ID}`));
      const created = calls.find((c) => c.method === 'POST' && c.path === '/video');
      const data = (created?.body as { data: TVideoTemplate['data'] }).data;
      expect(data.type).toBe('portrait');
      expect(data.sections.filter((s) => s.type === 'video')).toEqual([
        expect.objectContaining({
          video: { assetId: CLIP_ID, url: '/files/recording.webm', transcoded: false, duration: 12_000 },
        }),
      ]);
    },
  );

  it('opens without the clip, saying why, when it is too long or cannot be read', async () => {
    const long = makeVideo({ _id: CLIP_ID, duration: 75 });
    templateServer(undefined, long);
    renderEditor(`/content/create-landscape?clip=${CLIP_ID}`);
    expect(
      await screen.findByText('The total duration of all the videos added should not exceed 60 seconds'),
    ).toBeInTheDocument();
    expect(screen.getByText('No clip yet')).toBeInTheDocument();
    cleanup();

    templateServer();
    renderEditor('/content/create-landscape?clip=0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b');
    expect(await screen.findByText(/We could not add your video to this animated video/)).toBeInTheDocument();
    expect(screen.getByText('No clip yet')).toBeInTheDocument();
  });
});
