import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { AI_WIZARD_QUESTIONS } from '@hirecast/domain/ai-description';
import { jobMessages } from '@hirecast/domain/job-messages';
import { AiWizardDialog } from './ai-wizard-dialog.tsx';
import { wizardStorageKey } from './wizard-storage.ts';

const delta = { ops: [{ insert: 'Generated text\n' }] };

function mockGenerate(status = 200) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input) === '/api/job/description' && init?.method === 'POST')
      return status === 200
        ? Response.json({ data: { result: delta } })
        : Response.json({ error: { code: 'INTERNAL', message: 'down' } }, { status });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderWizard(props: { title?: string; onClose?: () => void; onGenerated?: () => void } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const onClose = props.onClose ?? vi.fn();
  const onGenerated = props.onGenerated ?? vi.fn();
  const view = render(
    <QueryClientProvider client={client}>
      <AiWizardDialog
        open
        onClose={onClose}
        jobId="job-1"
        title={props.title ?? 'Barista'}
        location={{ city: 'Leeds', country: 'United Kingdom' }}
        hasContent={false}
        onGenerated={onGenerated}
      />
    </QueryClientProvider>,
  );
  return { ...view, onClose, onGenerated };
}

async function answerAll(user: ReturnType<typeof userEvent.setup>) {
  for (const [i, q] of AI_WIZARD_QUESTIONS.entries()) {
    await user.click(screen.getByRole('textbox', { name: q.label }));
    await user.paste(`Answer ${i + 1}`);
    await user.click(screen.getByRole('button', { name: 'Next' }));
  }
}

beforeEach(() => {
  vi.spyOn(toast, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('AiWizardDialog', () => {
  it('requires every answer and the title before going on', async () => {
    mockGenerate();
    const user = userEvent.setup();
    renderWizard({ title: '' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    expect(screen.getByText(jobMessages.aiFillTitle)).toBeInTheDocument();
    await user.hover(next.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(jobMessages.aiFillTitle);

    await user.type(screen.getByRole('textbox', { name: 'Job title' }), 'Barista');
    await user.unhover(next.parentElement!);
    await user.hover(next.parentElement!);
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(jobMessages.aiFillField));
    expect(next).toBeDisabled();

    await user.type(screen.getByRole('textbox', { name: AI_WIZARD_QUESTIONS[0].label }), 'Make coffee');
    expect(next).toBeEnabled();
  });

  it('keeps the answers in session storage per job', async () => {
    mockGenerate();
    const user = userEvent.setup();
    const first = renderWizard();
    await user.type(screen.getByRole('textbox', { name: AI_WIZARD_QUESTIONS[0].label }), 'Make coffee');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const stored = JSON.parse(sessionStorage.getItem(wizardStorageKey('job-1')) ?? '{}') as {
      answers: Record<string, string>;
      step: number;
    };
    expect(stored.answers.question1).toBe('Make coffee');
    expect(stored.step).toBe(1);
    first.unmount();

    renderWizard();
    expect(screen.getByRole('textbox', { name: AI_WIZARD_QUESTIONS[1].label })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: AI_WIZARD_QUESTIONS[0].label })).toHaveValue('Make coffee');
  });

  it('generates from the answers and tone and hands the Delta over', async () => {
    const fetchMock = mockGenerate();
    const user = userEvent.setup();
    const { onGenerated, onClose } = renderWizard();
    await answerAll(user);
    await user.click(screen.getByRole('radio', { name: 'Formal' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(onGenerated).toHaveBeenCalledWith(delta, 'Barista'));
    expect(onClose).toHaveBeenCalled();
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({
      jobTitle: 'Barista',
      jobLocation: { city: 'Leeds', country: 'United Kingdom' },
      answer: { question1: 'Answer 1', question2: 'Answer 2', question3: 'Answer 3', question4: 'Answer 4' },
      tone: 'formal',
    });
  });

  it('closes with the spec toast when generation fails', async () => {
    mockGenerate(500);
    const user = userEvent.setup();
    const { onGenerated, onClose } = renderWizard();
    await answerAll(user);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(jobMessages.aiFailure));
    expect(onClose).toHaveBeenCalled();
    expect(onGenerated).not.toHaveBeenCalled();
  });
});
