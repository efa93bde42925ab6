import { expect } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CAPTIONS_CHOICE_KEY, type TCaptions } from '@hirecast/domain/captions';
import { mockApi } from './mock-api.ts';

// Issue 34 item 2: the checks of a player that plays through CaptionedVideo: the video's <track> from the
// members' route, and the app's CC button whose choice is remembered.
export const CAPTIONED_VIDEO = '9d3c1f0e-2222-4b4b-8c8c-123456789abc';
const captions: TCaptions = {
  assetId: CAPTIONED_VIDEO,
  state: 'reviewed',
  language: 'es',
  engine: true,
  transcriptStatus: 'done',
  cues: [{ start: 0, end: 2, text: 'Hola' }],
  updatedAt: '2026-12-01T10:00:00.000Z',
};

/** Renders `ui` with the API answering CAPTIONED_VIDEO's captions (Spanish, one cue). */
export function renderWithCaptions(ui: ReactNode) {
  localStorage.removeItem(CAPTIONS_CHOICE_KEY);
  mockApi((call) =>
    call.path === `/asset/${CAPTIONED_VIDEO}/captions` ? { body: { data: captions } } : undefined,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** The player labelled `label` has the captions track, and its CC button turns them off, remembered. */
export async function expectCaptionedPlayer(label: string) {
  const cc = await screen.findByRole('button', { name: 'Captions' });
  const track = screen.getByLabelText(label).querySelector('track');
  expect(track).toHaveAttribute('kind', 'captions');
  expect(track).toHaveAttribute('src', `/api/asset/${CAPTIONED_VIDEO}/captions.vtt`);
  expect(track).toHaveAttribute('srclang', 'es');
  expect(cc).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(cc);
  expect(cc).toHaveAttribute('aria-pressed', 'false');
  expect(localStorage.getItem(CAPTIONS_CHOICE_KEY)).toBe('off');
}
