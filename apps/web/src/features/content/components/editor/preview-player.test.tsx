import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CAPTIONS_CHOICE_KEY } from '@hirecast/domain/captions';
import type { TTranscript } from '@hirecast/domain/transcript';
import { buildTemplateTimeline } from '@hirecast/domain/video-template-timeline';
import { mockApi } from '../../../../test/mock-api.ts';
import { makeTemplateData } from '../../../../test/template-fixtures.ts';
import { PreviewPlayer, SEEK_EVENT } from './preview-player.tsx';

// Issue 34 item 2: the editor's preview (a canvas) shows the caption the rendered video will have at each
// moment, from the render plan (a card's words, a clip's transcript moved to where it plays), with the app's
// CC button and its remembered choice.
const data = makeTemplateData();
const CLIP = data.sections[1]!.type === 'video' ? data.sections[1]!.video.assetId! : '';
const clipTranscript: TTranscript = {
  _id: 't1',
  assetId: CLIP,
  status: 'done',
  failureReason: null,
  language: 'en',
  model: 'whisper-1',
  durationSeconds: 8,
  attempts: 1,
  segments: [{ start: 1, end: 4, text: ' I build the ordering app.' }],
  summary: null,
  createdAt: '2026-12-01T10:00:00Z',
  updatedAt: '2026-12-01T10:00:00Z',
};

function renderPreview() {
  mockApi((call) =>
    call.path === `/asset/${CLIP}/transcript` ? { body: { data: clipTranscript } } : undefined,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PreviewPlayer data={data} />
    </QueryClientProvider>,
  );
  const canvas = screen.getByRole('img', { name: 'Preview of Join our team' });
  const seek = (ms: number) =>
    act(() => void canvas.dispatchEvent(new CustomEvent(SEEK_EVENT, { detail: ms })));
  return { seek };
}
const caption = () => screen.queryByTestId('preview-caption')?.textContent ?? null;

describe('PreviewPlayer captions', () => {
  beforeEach(() => localStorage.removeItem(CAPTIONS_CHOICE_KEY));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the card’s words and the clip’s transcript where the render will, and the CC button hides them', async () => {
    const { seek } = renderPreview();
    // Paused at the opening card.
    expect(await screen.findByTestId('preview-caption')).toHaveTextContent('Welcome to Acme');

    const clip = buildTemplateTimeline(data.type, data).scenes.find((s) => s.kind === 'video')!;
    seek(clip.startMs + 2000);
    await vi.waitFor(() => expect(caption()).toBe('I build the ordering app.'));
    seek(clip.startMs + 4500);
    expect(caption()).toBeNull();

    const cc = screen.getByRole('button', { name: 'Captions' });
    expect(cc).toHaveAttribute('aria-pressed', 'true');
    seek(clip.startMs + 2000);
    expect(caption()).toBe('I build the ordering app.');
    await userEvent.click(cc);
    expect(cc).toHaveAttribute('aria-pressed', 'false');
    expect(caption()).toBeNull();
    expect(localStorage.getItem(CAPTIONS_CHOICE_KEY)).toBe('off');
  });

  it('opens with captions off when the viewer turned them off on another player', async () => {
    localStorage.setItem(CAPTIONS_CHOICE_KEY, 'off');
    renderPreview();
    const cc = await screen.findByRole('button', { name: 'Captions' });
    expect(cc).toHaveAttribute('aria-pressed', 'false');
    expect(caption()).toBeNull();
    await userEvent.click(cc);
    expect(caption()).toBe('Welcome to Acme');
  });
});
