import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStory } from '@hirecast/domain/company-page';
import { companyPageMessages } from '@hirecast/domain/company-page-rules';
import { makeVideoAsset } from '../../../components/media/media-test-utils.tsx';
import { mockApi, renderEmployer, type TCall } from './employer-test-utils.tsx';
import { StoryDialog } from './story-dialog.tsx';

vi.mock('../../../components/rich-text/quill-editor.tsx', () => ({
  default: ({ label }: { label: string }) => <div role="textbox" aria-label={label} />,
}));
// The library chooser is covered by its own tests; here it hands over one video.
vi.mock('../../../components/media/media-chooser-dialog.tsx', () => ({
  MediaChooserDialog: ({ onChoose }: { onChoose: (chosen: unknown) => void }) => (
    <button
      type="button"
      onClick={() =>
        onChoose({
          kind: 'video',
          asset: makeVideoAsset({ _id: '0b9a6c1e-6f0f-4f51-9d41-2a4f0a3d1c11', title: 'Day one' }),
        })
      }
    >
      Pick Day one
    </button>
  ),
}));

const VIDEO_ID = '0b9a6c1e-6f0f-4f51-9d41-2a4f0a3d1c11';

function open(onClose = vi.fn()) {
  renderEmployer(<StoryDialog pageId="page-1" pageType="STORIES" story={null} onClose={onClose} />);
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Add employee story' }) };
}

const story = (): TStory => ({
  _id: 's1',
  order: 0,
  pageType: 'STORIES',
  _video: VIDEO_ID,
  video: makeVideoAsset({ _id: VIDEO_ID, title: 'Day one' }),
  _person: { name: 'Zoe Price' },
  quoteText: 'I stayed.',
  slug: 'zoe-price',
  text: { ops: [{ insert: 'She joined in 2019.\n' }] },
  title: 'Pastry chef',
  type: 'testimonial',
  updatedAt: '2026-11-26T10:00:00.000Z',
});

describe('StoryDialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('marks the required fields and sends nothing', async () => {
    const calls = mockApi(() => undefined);
    const { dialog } = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add story' }));
    expect(within(dialog).getAllByText(companyPageMessages.required)).toHaveLength(3);
    expect(calls).toEqual([]);
  });

  it('makes the slug from the name until one is typed, and flags characters a slug cannot hold', async () => {
    mockApi(() => undefined);
    const { dialog } = open();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Zoë Price');
    const slug = within(dialog).getByRole('textbox', { name: 'URL slug' });
    expect(slug).toHaveValue('zoe-price');
    await userEvent.type(slug, '_X');
    expect(within(dialog).getByText(companyPageMessages.slugInvalidShort)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 's');
    expect(slug).toHaveValue('zoe-price_X');
  });

  it('asks before closing with unsaved changes, and closes at once without any', async () => {
    mockApi(() => undefined);
    const { dialog, onClose } = open();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Position/ }), 'Chef');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(confirm).toHaveTextContent(companyPageMessages.unsavedClose);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Close anyway' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('shows the taken-name message of a conflict on the name', async () => {
    const calls = mockApi((call: TCall) =>
      call.method === 'POST'
        ? {
            status: 409,
            body: {
              error: {
                code: 'CONFLICT',
                message: companyPageMessages.storyNameTaken,
                fields: { name: companyPageMessages.storyNameTaken },
              },
            },
          }
        : undefined,
    );
    const { dialog, onClose } = open();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Zoe');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Position/ }), 'Head Chef');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose video' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pick Day one', hidden: true }));
    expect(within(dialog).getByText('Day one')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add story' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/company-page/page-1/employer-testimonial',
      body: { name: 'Zoe', slug: 'zoe', title: 'Head Chef', _video: VIDEO_ID, pageType: 'STORIES' },
    });
    expect(await screen.findAllByText(companyPageMessages.storyNameTaken)).toHaveLength(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says the story was saved and closes', async () => {
    mockApi((call: TCall) =>
      call.method === 'POST' ? { status: 201, body: { data: { _id: 's1' } } } : undefined,
    );
    const { dialog, onClose } = open();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Zoe');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Position/ }), 'Head Chef');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Choose video' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pick Day one', hidden: true }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add story' }));
    expect(await screen.findByText(companyPageMessages.storyCreated)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('updates a story by its slug and says so; says when it failed', async () => {
    let fail = false;
    const calls = mockApi((call: TCall) =>
      call.method === 'PATCH'
        ? fail
          ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }
          : { body: { data: { ...story(), title: 'Head pastry chef' } } }
        : undefined,
    );
    const onClose = vi.fn();
    renderEmployer(<StoryDialog pageId="page-1" pageType="STORIES" story={story()} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit employee story' });
    expect(within(dialog).getByRole('textbox', { name: 'URL slug' })).toHaveValue('zoe-price');
    const position = within(dialog).getByRole('textbox', { name: /^Position/ });
    await userEvent.clear(position);
    await userEvent.type(position, 'Head pastry chef');
    fail = true;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save story' }));
    expect(await screen.findByText(companyPageMessages.storyUpdateFailed)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    fail = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save story' }));
    expect(await screen.findByText(companyPageMessages.storyUpdated)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls.at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/company-page/page-1/employer-testimonial/zoe-price',
      body: { name: 'Zoe Price', slug: 'zoe-price', title: 'Head pastry chef', _video: VIDEO_ID },
    });
  });
});
