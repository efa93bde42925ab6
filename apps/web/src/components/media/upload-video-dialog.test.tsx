import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeVideoAsset, mockApi, renderWithQuery } from './media-test-utils.tsx';
import { UploadVideoDialog } from './upload-video-dialog.tsx';

const uploadVideo = vi.hoisted(() => vi.fn());
vi.mock('./api/upload-video.ts', () => ({ uploadVideo }));

afterEach(() => {
  vi.unstubAllGlobals();
  uploadVideo.mockReset();
});

describe('UploadVideoDialog (spec 3 §5 Add video dialog)', () => {
  it('refuses the wrong type and files over 500 MB with the spec messages', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithQuery(<UploadVideoDialog open onClose={vi.fn()} onSaved={vi.fn()} />);
    const input = screen.getByLabelText('Video file');
    await user.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(screen.getByText('File type must be one of MOV, MP4 or WEBM')).toBeInTheDocument();
    const big = new File(['x'], 'big.mov', { type: 'video/quicktime' });
    Object.defineProperty(big, 'size', { value: 500 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(screen.getByText('The file size cannot be larger than 500mb')).toBeInTheDocument();
    expect(uploadVideo).not.toHaveBeenCalled();
  });

  it('uploads with progress, turns Cancel into Delete at 100 %, creates the asset and toasts', async () => {
    const user = userEvent.setup();
    const asset = makeVideoAsset({ _id: 'a-2', title: 'Office tour', status: 'in progress' });
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/asset' ? { status: 201, body: { data: asset } } : undefined,
    );
    let finish: (id: string) => void = () => {};
    let report: (p: number) => void = () => {};
    uploadVideo.mockImplementation(({ onProgress }: { onProgress: (p: number) => void }) => {
      report = onProgress;
      return { done: new Promise<string>((resolve) => (finish = resolve)), abort: vi.fn() };
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithQuery(<UploadVideoDialog open onClose={onClose} onSaved={onSaved} />);
    await user.upload(
      screen.getByLabelText('Video file'),
      new File(['x'], 'office-tour.mp4', { type: 'video/mp4' }),
    );

    expect(screen.getByLabelText('Title')).toHaveValue('office-tour');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    report(42);
    expect(await screen.findByText('Uploading… 42%')).toBeInTheDocument();
    // The dialog's own Cancel closes it; the upload's Cancel sits beside the progress bar.
    expect(screen.getAllByRole('button', { name: 'Cancel' })).toHaveLength(2);
    report(100);
    finish('up-7');
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Office tour');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your file has been uploaded and saved')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/asset')?.body).toEqual({
      type: 0,
      title: 'Office tour',
      fileName: 'office-tour.mp4',
      uploadId: 'up-7',
    });
    expect(onSaved).toHaveBeenCalledWith(asset);
    expect(onClose).toHaveBeenCalled();
  });
});
