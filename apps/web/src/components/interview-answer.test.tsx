import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CAPTIONS_CHOICE_KEY, type TCaptions } from '@hirecast/domain/captions';
import { mockApi } from '../test/mock-api.ts';
import { captionsQueryKey } from './media/api/get-captions.ts';
import { PromptVideo } from './interview-answer.tsx';

// Issue 34 item 2: a question's prompt video on the applicant page and in the compare view plays its captions
// (the members' route) with the app's CC button, as the candidate's page did.
const VIDEO = '6b2f7d0e-4c1a-4e8b-9f3d-2a5c7e9b1d44';
const captions = (cues: TCaptions['cues']): TCaptions => ({
  assetId: VIDEO,
  state: 'generated',
  language: 'fr',
  engine: true,
  transcriptStatus: 'done',
  cues,
  updatedAt: null,
});

function renderPrompt(cues: TCaptions['cues']) {
  mockApi((call) =>
    call.path === `/asset/${VIDEO}/captions` ? { body: { data: captions(cues) } } : undefined,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PromptVideo
        video={{ _id: VIDEO, title: 'Our chef asks', url: '/files/prompt.mp4', poster: null }}
        label="Prompt video of question 1"
      />
    </QueryClientProvider>,
  );
  return { video: screen.getByLabelText('Prompt video of question 1'), client };
}

describe('PromptVideo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('plays its captions through a track, with the CC button', async () => {
    localStorage.removeItem(CAPTIONS_CHOICE_KEY);
    const { video } = renderPrompt([{ start: 0, end: 2, text: 'Bonjour' }]);
    const cc = await screen.findByRole('button', { name: 'Captions' });
    const track = video.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', `/api/asset/${VIDEO}/captions.vtt`);
    expect(track).toHaveAttribute('srclang', 'fr');
    expect(cc).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(cc);
    expect(cc).toHaveAttribute('aria-pressed', 'false');
    expect(localStorage.getItem(CAPTIONS_CHOICE_KEY)).toBe('off');
  });

  it('has no track and no CC button while the video has no captions', async () => {
    const { video, client } = renderPrompt([]);
    // The captions were read (empty) before the check.
    await vi.waitFor(() => expect(client.getQueryState(captionsQueryKey(VIDEO))?.status).toBe('success'));
    expect(video.querySelector('track')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Captions' })).toBeNull();
  });
});
