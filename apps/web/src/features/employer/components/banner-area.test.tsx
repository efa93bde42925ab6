import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BannerArea } from './banner-area.tsx';

// The library chooser has its own tests; here it hands over one image.
vi.mock('../../../components/media/media-chooser-dialog.tsx', () => ({
  MediaChooserDialog: ({ onChoose }: { onChoose: (chosen: unknown) => void }) => (
    <button type="button" onClick={() => onChoose({ kind: 'image', asset: { _id: 'img-7', title: 'Team' } })}>
      Pick Team
    </button>
  ),
}));

describe('BannerArea', () => {
  it('offers Add Banner with the recommended size, and hands over the chosen image', async () => {
    const onChoose = vi.fn();
    render(<BannerArea url={null} editable busy={false} onChoose={onChoose} onDelete={vi.fn()} />);
    expect(screen.getByText('Recommended size 1440*260')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Banner' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pick Team' }));
    expect(onChoose).toHaveBeenCalledWith('img-7');
  });

  it('replaces, and deletes only after confirming', async () => {
    const onDelete = vi.fn();
    render(<BannerArea url="/banner.png" editable busy={false} onChoose={vi.fn()} onDelete={onDelete} />);
    expect(screen.getByRole('img', { name: 'Company banner' })).toHaveAttribute('src', '/banner.png');
    expect(screen.getByRole('button', { name: 'Replace' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the banner?' });
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
