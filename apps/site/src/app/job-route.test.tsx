import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePublicJob } from '../test/fixtures.ts';
import { JobRoute } from './job-route.tsx';

let beacons: { url: string; body: unknown }[] = [];

beforeEach(() => {
  beacons = [];
  window.sessionStorage.clear();
  window.history.replaceState(
    null,
    '',
    '/job/leeds/northwind/head-chef-abc123?utm_source=u1&utm_campaign=share-reward',
  );
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: vi.fn((url: string, data: Blob) => {
      // Blob.text() is async; the JSON is read back in the assertions below.
      beacons.push({ url, body: data });
      return true;
    }),
  });
});

afterEach(() => vi.unstubAllGlobals());

/** The value next to a fact's label in the job's facts list. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const beaconBodies = async () =>
  Promise.all(beacons.map(async (b) => ({ url: b.url, body: JSON.parse(await (b.body as Blob).text()) })));

describe('job page', () => {
  it('shows the job: title, post heading, facts with the formatted salary, description', () => {
    render(<JobRoute job={makePublicJob()} preview={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Head Chef' })).toBeInTheDocument();
    expect(screen.getByText('Lead our kitchen in the heart of Leeds')).toBeInTheDocument();
    expect(fact('Company')).toBe('Northwind');
    expect(fact('Location')).toBe('Leeds, United Kingdom');
    expect(fact('Employment')).toBe('Full-time');
    expect(fact('Workplace')).toBe('Office');
    expect(fact('Salary')).toBe('£32,000 – £38,000 per year');
    expect(screen.getByRole('heading', { name: 'What you will do' })).toBeInTheDocument();
    expect(screen.getByText('twelve').tagName).toBe('STRONG');
    expect(screen.getByRole('banner')).toHaveTextContent('Northwind');
    // Issue 23 item 8: a plain link to the apply flow, which works before the scripts run.
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply.tagName).toBe('A');
    expect(apply).toHaveAttribute('href', '#apply');
  });

  it('formats hourly pay with pence and leaves out a hidden location', () => {
    render(
      <JobRoute
        job={makePublicJob({
          location: null,
          salary: { from: '12.5', to: null, currency: 'GBP', unit: 'hourly' },
        })}
        preview={false}
      />,
    );
    expect(fact('Salary')).toBe('From £12.50 per hour');
    expect(screen.queryByText('Location', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Leeds, United Kingdom/)).not.toBeInTheDocument();
  });

  it('a closed job says so and offers no Apply', () => {
    render(<JobRoute job={makePublicJob({ status: 'closed' })} preview={false} />);
    expect(screen.getByText('This job is no longer accepting applications.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('counts one visit per session with the UTM values of the URL', async () => {
    const { unmount } = render(<JobRoute job={makePublicJob()} preview={false} />);
    unmount();
    render(<JobRoute job={makePublicJob()} preview={false} />);
    const sent = await beaconBodies();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/public/job/abc123/track');
    expect(sent[0]!.body).toEqual({
      event: 'visit',
      sessionId: window.sessionStorage.getItem('hirecast.session'),
      utm_source: 'u1',
      utm_campaign: 'share-reward',
    });
  });

  it('a preview is marked as such and tracks nothing', async () => {
    render(<JobRoute job={makePublicJob()} preview />);
    expect(screen.getByRole('note', { name: 'Preview' })).toHaveTextContent(
      'This is how candidates see this job',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(beacons).toHaveLength(0);
  });

  it('a job that redirects candidates links Apply to its URL and counts the start', async () => {
    render(<JobRoute job={makePublicJob({ applyUrl: 'https://ats.example.com/apply/1' })} preview={false} />);
    const link = screen.getByRole('link', { name: 'Apply' });
    expect(link).toHaveAttribute('href', 'https://ats.example.com/apply/1');
    expect(link).not.toHaveAttribute('target');
    link.addEventListener('click', (e) => e.preventDefault()); // jsdom cannot navigate
    await userEvent.click(link);
    const events = (await beaconBodies()).map((b) => (b.body as { event: string }).event);
    expect(events).toEqual(['visit', 'apply_started']);
  });

  it('plays a hosted video with the 720p rendition first', () => {
    const { container } = render(
      <JobRoute
        job={makePublicJob({
          video: {
            kind: 'hosted',
            assetId: 'a1',
            mp4: '/m/480.mp4',
            mp4_720p: '/m/720.mp4',
            poster: '/m/poster.jpg',
            width: 1280,
            height: 720,
            duration: 30,
          },
        })}
        preview={false}
      />,
    );
    const video = container.querySelector('video')!;
    // The controls come once the player has settled (Chromium draws a loading spinner over controls that
    // exist while it starts loading).
    expect(video).not.toHaveAttribute('controls');
    act(() => void video.dispatchEvent(new Event('suspend')));
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    // A poster stands for the video until Play: nothing is fetched before, so no loading spinner shows.
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', '/m/poster.jpg');
    expect([...video.querySelectorAll('source')].map((s) => s.getAttribute('src'))).toEqual([
      '/m/720.mp4',
      '/m/480.mp4',
    ]);
    expect(container.querySelector('iframe')).toBeNull();
  });

  // Issue 23 item 1: every whole second reached, and the furthest position on pause, end and page hide.
  it('reports each second reached and the furthest position when playback stops', async () => {
    const { container } = render(
      <JobRoute
        job={makePublicJob({
          video: {
            kind: 'hosted',
            assetId: 'a1',
            mp4: '/m.mp4',
            mp4_720p: null,
            poster: null,
            width: null,
            height: null,
            duration: 6,
          },
        })}
        preview={false}
      />,
    );
    const video = container.querySelector('video')!;
    // Without a poster the player loads the metadata, so its first frame is the picture.
    expect(video).toHaveAttribute('preload', 'metadata');
    const at = (t: number, event: string) => {
      Object.defineProperty(video, 'currentTime', { value: t, configurable: true });
      act(() => void video.dispatchEvent(new Event(event)));
    };
    for (const t of [0, 0.3, 0.8, 1.1, 1.6, 2.05, 3.2]) at(t, 'timeupdate');
    at(3.2, 'pause');
    at(3.2, 'pause');
    // Played again, then the page is hidden, then left.
    at(3.7, 'timeupdate');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    act(() => void window.dispatchEvent(new Event('pagehide')));
    // Seeking back reports nothing; the end reports the whole length.
    at(1, 'timeupdate');
    Object.defineProperty(video, 'duration', { value: 6, configurable: true });
    at(6, 'ended');
    const marks = (await beaconBodies())
      .filter((b) => b.url.endsWith('/engagement'))
      .map((b) => (b.body as { second: number }).second);
    expect(marks).toEqual([1, 2, 3, 3.2, 3.7, 6]);
  });

  it('reports a play of under a second when it stops', async () => {
    const { container } = render(
      <JobRoute
        job={makePublicJob({
          video: {
            kind: 'hosted',
            assetId: 'a1',
            mp4: '/m.mp4',
            mp4_720p: null,
            poster: null,
            width: null,
            height: null,
            duration: 6,
          },
        })}
        preview={false}
      />,
    );
    const video = container.querySelector('video')!;
    Object.defineProperty(video, 'currentTime', { value: 0.4, configurable: true });
    act(() => void video.dispatchEvent(new Event('timeupdate')));
    act(() => void video.dispatchEvent(new Event('pause')));
    const marks = (await beaconBodies())
      .filter((b) => b.url.endsWith('/engagement'))
      .map((b) => (b.body as { second: number }).second);
    expect(marks).toEqual([0.4]);
  });

  it("sends an additional video's beacons by its asset id, and none from a preview", async () => {
    const extra = {
      kind: 'hosted' as const,
      assetId: 'asset-2',
      mp4: '/m2.mp4',
      mp4_720p: null,
      poster: null,
      width: null,
      height: null,
      duration: 30,
    };
    const play = (container: HTMLElement) => {
      const video = container.querySelector('video')!;
      for (const t of [0.5, 5.2]) {
        Object.defineProperty(video, 'currentTime', { value: t, configurable: true });
        video.dispatchEvent(new Event('timeupdate'));
      }
    };
    const preview = render(
      <JobRoute job={makePublicJob({ video: null, additionalVideos: [extra] })} preview />,
    );
    play(preview.container);
    expect(beacons).toEqual([]);
    preview.unmount();

    const { container } = render(
      <JobRoute job={makePublicJob({ video: null, additionalVideos: [extra] })} preview={false} />,
    );
    play(container);
    const sent = (await beaconBodies()).filter((b) => b.url.endsWith('/engagement'));
    expect(sent.map((b) => b.url)).toEqual(['/api/asset/asset-2/engagement']);
    expect(sent.map((b) => (b.body as { second: number }).second)).toEqual([5]);
  });

  it('embeds a YouTube or Vimeo video lazily, with a title', () => {
    render(
      <JobRoute
        job={makePublicJob({ video: { kind: 'embed', url: 'https://www.youtube-nocookie.com/embed/abc' } })}
        preview={false}
      />,
    );
    const frame = screen.getByTitle('Video: Head Chef at Northwind');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc');
  });

  it('lists the other open jobs and shows the image', () => {
    render(
      <JobRoute
        job={makePublicJob({
          image: '/img/kitchen.jpg',
          otherJobs: [
            {
              shortId: 'x1',
              title: 'Sous Chef',
              path: '/job/leeds/northwind/sous-chef-x1',
              city: 'Leeds',
              employmentType: 'part-time',
            },
          ],
        })}
        preview={false}
      />,
    );
    expect(screen.getByRole('img', { name: 'Head Chef at Northwind' })).toHaveAttribute(
      'src',
      '/img/kitchen.jpg',
    );
    const list = screen.getByRole('region', { name: 'More jobs at Northwind' });
    expect(within(list).getByRole('link', { name: /Sous Chef/ })).toHaveAttribute(
      'href',
      '/job/leeds/northwind/sous-chef-x1',
    );
  });

  it('Apply opens the apply flow at #apply and back closes it', async () => {
    render(<JobRoute job={makePublicJob()} preview={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Apply for Head Chef' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#apply');
    const events = (await beaconBodies()).map((b) => (b.body as { event: string }).event);
    expect(events).toEqual(['visit', 'apply_started']);
    await userEvent.click(screen.getByRole('button', { name: /Back to the job/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Head Chef' })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
  });
});
