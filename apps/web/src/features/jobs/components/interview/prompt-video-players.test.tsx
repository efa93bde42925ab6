import { afterEach, describe, it, vi } from 'vitest';
import {
  CAPTIONED_VIDEO,
  expectCaptionedPlayer,
  renderWithCaptions,
} from '../../../../test/captions-support.tsx';
import { newQuestion } from './interview-draft.ts';
import { InterviewPreviewDialog } from './interview-preview-dialog.tsx';
import { PromptVideoField } from './prompt-video-field.tsx';

// Issue 34 item 2: a question's prompt video plays its captions, with the CC button, in the interview editor
// and in its preview.
const prompt = { _id: CAPTIONED_VIDEO, title: 'Our chef asks', url: '/files/prompt.mp4', poster: null };

describe('prompt video players', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('in the interview editor', async () => {
    renderWithCaptions(
      <PromptVideoField label="question 1" video={prompt} disabled={false} onChange={() => {}} />,
    );
    await expectCaptionedPlayer('Prompt video of question 1: Our chef asks');
  });

  it('in the interview’s preview', async () => {
    const question = { ...newQuestion('text'), prompt: 'Why this café?', promptVideo: prompt };
    renderWithCaptions(<InterviewPreviewDialog open questions={[question]} onClose={() => {}} />);
    await expectCaptionedPlayer('The question as a video');
  });
});
