import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captionMessages, type TCaptions } from '@hirecast/domain/captions';
import { ROLES } from '@hirecast/domain/constants';
import { makeManager } from '../../../test/fixtures.ts';
import { Component as ContentLibrary } from '../routes/content-library.tsx';
import { CaptionEditorDialog } from './caption-editor-dialog.tsx';
import { libraryApi, makeVideo, mockApi, renderLibrary } from './content-test-utils.tsx';

// Issue 34 item 3: the caption editor against a stand-in API: cues listed with their times, edits, split,
// merge, nudges by keyboard, Save (PUT), a file's upload, the engine's absence, and read-only viewers.

const generated = (over: Partial<TCaptions> = {}): TCaptions => ({
  assetId: 'v1',
  state: 'generated',
  language: 'en',
  engine: true,
  transcriptStatus: 'done',
  cues: [
    { start: 0, end: 2, text: 'Welcome to the team.' },
    { start: 2, end: 4, text: 'We build tools people love.' },
  ],
  updatedAt: '2026-12-06T10:00:00.000Z',
  ...over,
});

/** The captions API, remembering what was saved (a reload after a save reads it back). */
function editorApi(captions: TCaptions) {
  let current = captions;
  return mockApi((call) => {
    if (call.path === '/asset/v1/captions' && call.method === 'GET') return { body: { data: current } };
    if (call.path === '/asset/v1/captions' && call.method === 'PUT') {
      const body = call.body as { cues: TCaptions['cues'] };
      current = { ...current, state: 'reviewed', cues: body.cues, updatedAt: '2026-12-06T10:30:00.000Z' };
      return { body: { data: current } };
    }
    if (call.path === '/asset/v1/captions/file' && call.method === 'POST') {
      current = {
        ...current,
        state: 'reviewed',
        cues: [{ start: 0, end: 1.5, text: 'From a file' }],
        updatedAt: '2026-12-06T11:00:00.000Z',
      };
      return { body: { data: current } };
    }
    return undefined;
  });
}

const cue = (n: number) => screen.getByRole('listitem', { name: `Cue ${n}` });

describe('the caption editor', () => {
  it('lists the cues with their times; edits, nudges (by keyboard), splits and merges are saved', async () => {
    const calls = editorApi(generated());
    renderLibrary(<CaptionEditorDialog asset={makeVideo()} readOnly={false} onClose={() => {}} />);
    expect(await screen.findByText('Captions: generated')).toBeInTheDocument();
    expect(within(cue(1)).getByText('00:00:00.000')).toBeInTheDocument();
    expect(within(cue(2)).getByText('00:00:04.000')).toBeInTheDocument();
    expect(within(cue(2)).getByLabelText('Cue 2 words')).toHaveValue('We build tools people love.');

    const words = within(cue(1)).getByLabelText('Cue 1 words');
    await userEvent.clear(words);
    await userEvent.type(words, 'Welcome to Northwind.');
    // The keyboard reaches the nudge buttons: Tab to one and press Enter.
    within(cue(1)).getByRole('button', { name: 'Cue 1: end 0.1 s earlier' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(within(cue(1)).getByText('00:00:01.900')).toBeInTheDocument();
    await userEvent.click(within(cue(2)).getByRole('button', { name: 'Split cue 2' }));
    expect(within(cue(2)).getByLabelText('Cue 2 words')).toHaveValue('We build tools');
    expect(within(cue(3)).getByLabelText('Cue 3 words')).toHaveValue('people love.');
    await userEvent.click(within(cue(2)).getByRole('button', { name: 'Merge cue 2 with the next' }));
    expect(screen.queryByRole('listitem', { name: 'Cue 3' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/asset/v1/captions',
      body: {
        cues: [
          { start: 0, end: 1.9, text: 'Welcome to Northwind.' },
          { start: 2, end: 4, text: 'We build tools people love.' },
        ],
      },
    });
    expect(await screen.findByText('The captions have been saved')).toBeInTheDocument();
  });

  it('says what is wrong before saving, and saves nothing', async () => {
    const calls = editorApi(generated());
    renderLibrary(<CaptionEditorDialog asset={makeVideo()} readOnly={false} onClose={() => {}} />);
    await userEvent.clear(await screen.findByLabelText('Cue 2 words'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(captionMessages.noText(2));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says when no engine is set up and starts empty; a cue can be added and an uploaded file replaces them', async () => {
    const calls = editorApi(
      generated({ state: 'none', engine: false, transcriptStatus: null, cues: [], updatedAt: null }),
    );
    renderLibrary(<CaptionEditorDialog asset={makeVideo()} readOnly={false} onClose={() => {}} />);
    expect(await screen.findByText(captionMessages.noEngine)).toBeInTheDocument();
    expect(screen.getByText('No cues yet: add one, or upload a file.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a cue' }));
    expect(within(cue(1)).getByText('00:00:02.000')).toBeInTheDocument();

    const file = new File(['1\n00:00:00,000 --> 00:00:01,500\nFrom a file\n'], 'team.srt');
    await userEvent.upload(screen.getByLabelText('Captions file'), file);
    expect(await screen.findByText('team.srt is now the video’s captions')).toBeInTheDocument();
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.path).toBe('/asset/v1/captions/file');
    expect(posted?.body).toBe(file);
    expect(await screen.findByText('Captions: reviewed')).toBeInTheDocument();
    expect(within(cue(1)).getByLabelText('Cue 1 words')).toHaveValue('From a file');
    expect(screen.getByRole('link', { name: 'Download .srt' })).toHaveAttribute(
      'href',
      '/api/asset/v1/captions.srt?download=1',
    );
  });

  it('lets a viewer read the captions but change nothing', async () => {
    editorApi(generated());
    renderLibrary(<CaptionEditorDialog asset={makeVideo()} readOnly onClose={() => {}} />);
    expect(await screen.findByLabelText('Cue 1 words')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Split cue 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play from cue 1' })).toBeEnabled();
  });
});

describe('the media library’s captions', () => {
  it('shows each video’s captions state, and opens the editor from the card’s menu', async () => {
    libraryApi(
      {
        videos: [
          makeVideo({ captionState: 'reviewed' }),
          makeVideo({ _id: 'v2', title: 'Office tour', captionState: 'none' }),
        ],
      },
      (call) =>
        call.path === '/asset/v1/captions' ? { body: { data: generated({ state: 'reviewed' }) } } : undefined,
    );
    renderLibrary(<ContentLibrary />, {
      path: '/content?tab=recorded',
      me: makeManager({ role: ROLES.viewer }),
    });
    const card = await screen.findByRole('article', { name: 'Welcome to the team' });
    expect(within(card).getByText('Captions: reviewed')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Office tour' })).getByText('No captions'),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Options for Welcome to the team' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Captions/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Captions · Welcome to the team' });
    expect(await within(dialog).findByText(`${captionMessages.readOnly}.`)).toBeInTheDocument();
  });
});
