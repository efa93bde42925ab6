import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { TInterview, TInterviewAnswer, TInterviewQuestion } from '@hirecast/domain/interview';
import { mockApi } from '../../../test/mock-api.ts';
import type { TCompareEntry } from '../api/get-compare.ts';
import { Component as ComparePage } from './interview-compare.tsx';

const question = (
  id: string,
  prompt: string,
  extra: Partial<TInterviewQuestion> = {},
): TInterviewQuestion => ({
  _id: id,
  position: 0,
  prompt,
  promptVideoId: null,
  promptVideo: null,
  answerType: 'text',
  options: [],
  prepSeconds: null,
  limitSeconds: null,
  maxChars: 500,
  retakes: null,
  required: true,
  ...extra,
});
const INTERVIEW: TInterview = {
  _id: 'iv-1',
  jobId: 'job-1',
  inApply: true,
  asStage: false,
  practiceQuestion: false,
  questions: [
    question('q1', 'Tell us about a busy service.', {
      promptVideoId: 'v-1',
      promptVideo: { _id: 'v-1', title: 'Our head chef asks', url: '/files/prompt.mp4', poster: null },
    }),
    question('q2', 'Which shift suits you?'),
  ],
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const answer = (text: string, average: number | null): TInterviewAnswer => ({
  _id: `a-${text}`,
  questionId: 'q1',
  status: 'answered',
  submittedAt: '2026-11-21T10:00:00.000Z',
  text,
  takesUsed: 1,
  prepUsedSeconds: 12,
  ratings: [],
  average,
});

function renderCompare(entries: TCompareEntry[]) {
  mockApi((call) => {
    if (call.path === '/job/job-1/interview') return { body: { data: INTERVIEW } };
    if (call.path === '/job/job-1/interview/questions/q1/answers') return { body: { data: entries } };
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/jobs/job-1/interview/compare/q1']}>
        <Routes>
          <Route path="/jobs/:id/interview/compare/:questionId" element={<ComparePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('compare answers', () => {
  it("shows the question with its prompt video, then each candidate's answer and score", async () => {
    renderCompare([
      { applicationId: 'app-1', firstName: 'Ada', lastName: 'Byron', answer: answer('Friday nights.', 4.5) },
      { applicationId: 'app-2', firstName: 'Alan', lastName: 'Turing', answer: answer('Brunch.', null) },
    ]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Tell us about a busy service.' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Prompt video: Our head chef asks')).toBeInTheDocument();
    expect(screen.getByLabelText('Prompt video of question 1')).toHaveAttribute('src', '/files/prompt.mp4');
    const answers = within(screen.getByRole('list', { name: 'Answers' })).getAllByRole('listitem');
    expect(answers).toHaveLength(2);
    expect(within(answers[0]!).getByRole('link', { name: 'Ada Byron' })).toHaveAttribute(
      'href',
      '/applications/job-1/app-1/view',
    );
    expect(answers[0]).toHaveTextContent('Friday nights.');
    expect(answers[0]).toHaveTextContent('4.5 / 5 (0)');
    expect(answers[1]).toHaveTextContent('Not rated');
  });

  it('says so when nobody has answered the question yet', async () => {
    renderCompare([]);
    expect(await screen.findByText('No candidate has answered this question yet.')).toBeInTheDocument();
    expect(screen.getByText('Prompt video: Our head chef asks')).toBeInTheDocument();
  });
});
