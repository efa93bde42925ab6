import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TInterviewAnswer, TInterviewSession } from '@hirecast/domain/interview';
import { InterviewAnswerCard } from './interview-answer-card.tsx';

// Issue 36 item 3: the applicant page renders each answer type from the shared review model; what a member
// sees stays as it was.

type TQuestion = TInterviewSession['questions'][number];
const answer = (extra: Partial<TInterviewAnswer>): TInterviewAnswer => ({
  _id: 'a1',
  questionId: 'q1',
  status: 'answered',
  submittedAt: '2026-12-01T10:00:00.000Z',
  takesUsed: 0,
  prepUsedSeconds: 3,
  ratings: [],
  average: null,
  ...extra,
});
const question = (answerType: TQuestion['answerType'], given: TInterviewAnswer | null): TQuestion => ({
  _id: 'q1',
  position: 0,
  prompt: 'Which shift suits you?',
  promptVideoId: null,
  promptVideo: null,
  answerType,
  options: answerType === 'choice' ? ['Early', 'Late'] : [],
  prepSeconds: null,
  limitSeconds: answerType === 'video' ? 60 : null,
  maxChars: null,
  retakes: answerType === 'video' ? 2 : 0,
  required: false,
  answer: given,
  reopenedAt: null,
});

function renderCard(q: TQuestion) {
  render(
    <MemoryRouter>
      <InterviewAnswerCard
        question={q}
        index={0}
        jobId="job-1"
        canManage
        onRate={() => Promise.resolve()}
        onReopen={() => undefined}
      />
    </MemoryRouter>,
  );
}

describe('an interview answer on the applicant page', () => {
  it('shows a text as written', () => {
    renderCard(question('text', answer({ text: 'Early,\nalways.' })));
    expect(screen.getByText(/Early,\s+always\./)).toBeInTheDocument();
  });

  it('shows the option chosen', () => {
    renderCard(question('choice', answer({ choice: { index: 1, label: 'Late' } })));
    expect(screen.getByText('Chose: Late')).toBeInTheDocument();
  });

  it('offers a file to download under its name', () => {
    renderCard(
      question(
        'file',
        answer({ file: { name: 'cert.pdf', url: '/files/cert.pdf', contentType: 'application/pdf' } }),
      ),
    );
    const link = screen.getByRole('link', { name: 'Download cert.pdf' });
    expect(link).toHaveAttribute('href', '/files/cert.pdf');
    expect(link).toHaveAttribute('download', 'cert.pdf');
  });

  it('says a video is being processed, and from how many takes it was chosen', () => {
    const video = { assetId: 'v1', status: 'processing', url: null, poster: null, duration: null };
    renderCard(question('video', answer({ video, takesUsed: 3 })));
    expect(screen.getByText('The video is being processed; it plays here in a moment.')).toBeInTheDocument();
    expect(screen.getByText('Take chosen from 3 takes')).toBeInTheDocument();
  });

  it('says a skipped question was skipped, with no rating to give', () => {
    renderCard(question('text', answer({ status: 'skipped' })));
    expect(screen.getByText('Skipped (optional question)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save rating' })).not.toBeInTheDocument();
  });

  it('says when the question is not answered yet', () => {
    renderCard(question('file', null));
    expect(screen.getByText('Not answered yet.')).toBeInTheDocument();
  });
});
