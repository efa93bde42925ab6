import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { companyPageMessages } from '@hirecast/domain/company-page-rules';
import { TextCard } from './text-card.tsx';

const value = { header: 'About us', content: 'We bake bread.' };

describe('TextCard', () => {
  it('saves the edited heading and text', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(<TextCard value={value} editable onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit About us' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), ' Daily.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ header: 'About us', content: 'We bake bread. Daily.' });
  });

  it('keeps the last saved version when the heading was deleted, and says so', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    render(
      <>
        <TextCard value={value} editable onSave={onSave} />
        <ToastContainer />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit About us' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Heading' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(await screen.findByText(companyPageMessages.textAreaDeleted)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
  });
});
