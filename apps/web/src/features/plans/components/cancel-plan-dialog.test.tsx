import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { closeChoiceRefusal, planEndMessages, type TPlanEndPreview } from '@hirecast/domain/plan-end';
import { mockApi } from '../../../test/mock-api.ts';
import { CancelPlanDialog } from './cancel-plan-dialog.tsx';

const job = (id: string, title: string) => ({ _id: id, title, publishedAt: '2026-11-20T09:00:00.000Z' });

function renderDialog(preview: TPlanEndPreview) {
  mockApi((call) => (call.path === '/billing/plan-end' ? { body: { data: preview } } : undefined));
  const onConfirm = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CancelPlanDialog open busy={false} error={null} onConfirm={onConfirm} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return onConfirm;
}

describe('CancelPlanDialog (issue 33 item 5)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('names every live job that closes on the free plan, ticked, and confirms them', async () => {
    const user = userEvent.setup();
    const onConfirm = renderDialog({
      plan: 'Free',
      activeJobLimit: 0,
      liveJobs: [job('j2', 'Shift Lead'), job('j1', 'Barista')],
      mustClose: 2,
      suggested: ['j2', 'j1'],
    });
    const dialog = screen.getByRole('dialog', { name: planEndMessages.cancelTitle });
    expect(
      await within(dialog).findByText(
        'The free plan covers only your first job, so these 2 live jobs close when you cancel:',
      ),
    ).toBeInTheDocument();
    for (const name of [/Close “Shift Lead”/, /Close “Barista”/]) {
      const box = within(dialog).getByRole('checkbox', { name });
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    await user.click(within(dialog).getByRole('button', { name: planEndMessages.cancelConfirm }));
    expect(onConfirm).toHaveBeenCalledWith(['j2', 'j1']);
  });

  it('lets the admin choose which close when the plan leaves room, and asks for exactly that many', async () => {
    const user = userEvent.setup();
    const onConfirm = renderDialog({
      plan: 'Free',
      activeJobLimit: 1,
      liveJobs: [job('j3', 'Pastry Chef'), job('j2', 'Shift Lead'), job('j1', 'Barista')],
      mustClose: 2,
      suggested: ['j3', 'j2'],
    });
    const dialog = screen.getByRole('dialog', { name: planEndMessages.cancelTitle });
    const barista = await within(dialog).findByRole('checkbox', { name: /Close “Barista”/ });
    expect(barista).not.toBeChecked();
    await user.click(barista);
    expect(within(dialog).getByText(closeChoiceRefusal(2))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: planEndMessages.cancelConfirm })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /Close “Pastry Chef”/ }));
    await user.click(within(dialog).getByRole('button', { name: planEndMessages.cancelConfirm }));
    expect(onConfirm).toHaveBeenCalledWith(['j2', 'j1']);
  });
});
