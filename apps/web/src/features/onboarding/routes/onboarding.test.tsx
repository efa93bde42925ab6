import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Component as OnboardingPage } from './onboarding.tsx';

const video = (id: string, title: string) => ({
  _id: id,
  title,
  status: 'prepared',
  data: { videoMp4Url: `/media/${id}-480.mp4`, videoMp4Url_720p: `/media/${id}-720.mp4`, image640: null },
});

function serve(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <OnboardingPage />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('/onboarding', () => {
  it('lists the videos by their leading number and plays one in a dialog at 720p', async () => {
    serve(200, { data: [video('c', '10. Analytics'), video('a', '1. Welcome'), video('b', '2. Record')] });
    renderPage();
    const cards = await screen.findAllByRole('button', { name: /^Play / });
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Play 1. Welcome',
      'Play 2. Record',
      'Play 10. Analytics',
    ]);
    await userEvent.click(cards[1]!);
    const dialog = screen.getByRole('dialog', { name: '2. Record' });
    expect(within(dialog).getByLabelText('2. Record')).toHaveAttribute('src', '/media/b-720.mp4');
  });

  it('says so when there are no videos', async () => {
    serve(200, { data: [] });
    renderPage();
    expect(await screen.findByText('No onboarding videos yet')).toBeInTheDocument();
  });

  it('offers a retry when the list fails', async () => {
    serve(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
    renderPage();
    expect(await screen.findByText('We could not load the onboarding videos.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
