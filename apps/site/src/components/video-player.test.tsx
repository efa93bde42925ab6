import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CAPTIONS_CHOICE_KEY } from '@hirecast/domain/captions';
import type { TPublicVideo } from '@hirecast/domain/public-job';
import { JobVideo } from './video-player.tsx';

// Issue 34 item 2: the public player's captions: a <track kind="captions"> of the page's public route, and a CC
// button whose choice is remembered for every Hirecast player (localStorage).
const video = (captions: boolean): TPublicVideo => ({
  kind: 'hosted',
  assetId: 'a1',
  mp4: '/v-480.mp4',
  mp4_720p: '/v-720.mp4',
  poster: '/v.jpg',
  width: 1280,
  height: 720,
  duration: 7,
  captions: captions
    ? { src: '/api/public/job/abcd1234/captions/a1?v=1', srclang: 'pt-BR', transcript: 'Olá' }
    : null,
});

beforeEach(() => window.localStorage.clear());

describe('the public player’s captions', () => {
  it('plays the captions through a track labelled with its language, and remembers the CC choice', async () => {
    const { container } = render(<JobVideo video={video(true)} title="Video: Chef at Northwind" />);
    const track = container.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', '/api/public/job/abcd1234/captions/a1?v=1');
    expect(track).toHaveAttribute('srclang', 'pt-BR');
    expect(track).toHaveAttribute('label', 'Brazilian Portuguese');
    const cc = screen.getByRole('button', { name: 'CC captions' });
    expect(cc).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(cc);
    expect(cc).toHaveAttribute('aria-pressed', 'false');
    expect(window.localStorage.getItem(CAPTIONS_CHOICE_KEY)).toBe('off');
  });

  it('starts with captions off when the viewer turned them off before', () => {
    window.localStorage.setItem(CAPTIONS_CHOICE_KEY, 'off');
    render(<JobVideo video={video(true)} title="Video" />);
    expect(screen.getByRole('button', { name: 'CC captions' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('has no track and no CC button for a video without captions', () => {
    const { container } = render(<JobVideo video={video(false)} title="Video" />);
    expect(container.querySelector('track')).toBeNull();
    expect(screen.queryByRole('button', { name: 'CC captions' })).not.toBeInTheDocument();
  });
});
