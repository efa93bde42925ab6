import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPublicCompanyPage, TPublicStory } from '@hirecast/domain/company-page';
import { CompanyRoute, StoryRoute } from './company-route.tsx';

const video = {
  kind: 'hosted' as const,
  assetId: 'a1b2c3d4-0000-4000-8000-000000000001',
  mp4: '/media/team-480.mp4',
  mp4_720p: '/media/team-720.mp4',
  poster: '/media/team.jpg',
  width: 1280,
  height: 720,
  duration: 12,
};
const job = (title: string, shortId: string) => ({
  shortId,
  title,
  employmentType: 'full-time' as const,
  locationType: 'office' as const,
  location: { city: 'Leeds', country: 'United Kingdom' },
  hideLocation: false,
  salary: { from: '30000', to: null, currency: 'GBP' as const, unit: 'annually' as const },
  status: 'open' as const,
  path: `/job/leeds/northwind/${title.toLowerCase().replace(/ /g, '-')}-${shortId}`,
});
const story = {
  slug: 'ana-lopes',
  path: '/company/northwind/stories/ana-lopes',
  name: 'Ana Lopes',
  title: 'Head chef',
  quoteText: 'Best kitchen in town',
  video,
};

const makePage = (overrides: Partial<TPublicCompanyPage> = {}): TPublicCompanyPage => ({
  company: {
    name: 'Northwind',
    slug: 'northwind',
    logo: null,
    industry: 'Hospitality',
    description: 'Restaurants in the north.',
    location: { city: 'Leeds', country: 'United Kingdom' },
    info: [{ type: 'linkedin', value: 'https://linkedin.com/company/northwind' }],
    primaryColor: '#1d4ed8',
    backgroundColor: '#eef2ff',
    website: 'https://northwind.example',
  },
  bannerImage: '/media/banner.jpg',
  pages: {
    WHY_JOIN: [
      { _id: 'q1', type: 'QUOTE', content: 'We cook together', author: 'Bo' },
      { _id: 't1', type: 'TEXT_AREA', header: 'About Northwind', content: 'Restaurants in the north.' },
      {
        _id: 's1',
        type: 'STATISTIC',
        stats: { foundingYear: 2001, employees: 40, gender: { male: 10, female: 30 } },
      },
      { _id: 'v1', type: 'VIDEO_ASSET', promo: false, title: 'Team day', video },
      { _id: 'l1', type: 'LATEST_JOBS' },
      { _id: 'o1', type: 'SOCIALS' },
    ],
    BENEFITS: [{ _id: 'b1', type: 'TEXT_AREA', header: 'Benefits', content: 'Free lunch' }],
    STORIES: [{ _id: 'st1', type: 'TESTIMONIAL_CARD', story }],
    JOBS: [],
  },
  jobs: ['Chef', 'Waiter', 'Porter', 'Host', 'Barista'].map((t, i) => job(t, `abcd000${i}`)),
  path: '/company/northwind',
  ...overrides,
});

let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('company page', () => {
  it('shows the header and the tab’s blocks in their order', () => {
    render(<CompanyRoute page={makePage()} tab="why-us" embed={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Northwind' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leeds, United Kingdom' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Leeds%2C%20United%20Kingdom',
    );
    expect(screen.getByRole('link', { name: 'Visit website' })).toHaveAttribute(
      'href',
      'https://northwind.example',
    );
    const types = [...document.querySelectorAll('[data-block-type]')].map((el) =>
      el.getAttribute('data-block-type'),
    );
    expect(types).toEqual(['QUOTE', 'TEXT_AREA', 'STATISTIC', 'VIDEO_ASSET', 'LATEST_JOBS', 'SOCIALS']);
    expect(screen.getByText('“We cook together”')).toBeInTheDocument();
    // Stats: shares of the two numbers given.
    expect(screen.getByText('Women').nextElementSibling).toHaveTextContent('75%');
    expect(screen.getByText('Founded').nextElementSibling).toHaveTextContent('2001');
    // Latest jobs: four of the five, and More jobs to the Jobs tab.
    const latest = screen.getByRole('heading', { name: 'Latest jobs' }).closest('section')!;
    expect(within(latest).getAllByRole('listitem')).toHaveLength(4);
    expect(within(latest).getByRole('link', { name: 'More jobs' })).toHaveAttribute(
      'href',
      '/company/northwind?tab=jobs',
    );
    expect(screen.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
      'href',
      'https://linkedin.com/company/northwind',
    );
    expect(screen.getByRole('link', { name: 'Why Us' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Stories' })).toHaveAttribute(
      'href',
      '/company/northwind?tab=stories',
    );
    // The header's brand leads to the page itself.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Northwind' })).toHaveAttribute(
      'href',
      '/company/northwind',
    );
  });

  it('lists every open job on the Jobs tab, or says there are none', () => {
    const { unmount } = render(<CompanyRoute page={makePage()} tab="jobs" embed={false} />);
    const list = screen.getByRole('heading', { name: 'Open jobs' }).closest('section')!;
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      expect.stringContaining('Chef'),
      expect.stringContaining('Waiter'),
      expect.stringContaining('Porter'),
      expect.stringContaining('Host'),
      expect.stringContaining('Barista'),
    ]);
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/job/leeds/northwind/chef-abcd0000',
    );
    unmount();
    render(<CompanyRoute page={makePage({ jobs: [] })} tab="jobs" embed={false} />);
    expect(screen.getByText('There are currently no live jobs.')).toBeInTheDocument();
  });

  it('shows story cards that link to the story', () => {
    render(<CompanyRoute page={makePage()} tab="stories" embed={false} />);
    expect(screen.getByRole('link', { name: 'Ana Lopes' })).toHaveAttribute(
      'href',
      '/company/northwind/stories/ana-lopes',
    );
    expect(screen.getByText('Head chef')).toBeInTheDocument();
    expect(screen.getByLabelText("Ana Lopes's story").tagName).toBe('VIDEO');
  });

  it('embedded: no site chrome, tabs stay embedded, jobs open in the top window, the height goes to the parent', async () => {
    const parent = { postMessage: vi.fn((message: unknown) => posted.push(message)) };
    vi.stubGlobal('parent', parent);
    const observers: ResizeObserverCallback[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(cb: ResizeObserverCallback) {
          observers.push(cb);
        }
        observe() {}
        disconnect() {}
      },
    );
    render(<CompanyRoute page={makePage()} tab="why-us" embed />);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByText('Video hiring by Hirecast')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jobs' })).toHaveAttribute(
      'href',
      '/company/northwind?tab=jobs&embed=1',
    );
    expect(screen.getByRole('link', { name: 'More jobs' })).toHaveAttribute(
      'href',
      '/company/northwind?tab=jobs&embed=1',
    );
    const latest = screen.getByRole('heading', { name: 'Latest jobs' }).closest('section')!;
    expect(within(latest).getAllByRole('link')[0]).toHaveAttribute('target', '_top');
    expect(posted).toEqual([{ type: 'hirecast:height', height: expect.any(Number) }]);
    // A ping from the host's script is answered at once, even when the height did not change.
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: 'hirecast:ping' }, source: parent as never }),
    );
    expect(posted).toHaveLength(2);
    // A ping from anyone else is not.
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'hirecast:ping' } }));
    expect(posted).toHaveLength(2);
    expect(observers).toHaveLength(1);
  });

  it('counts a company video’s engagement through the asset beacon', () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, sendBeacon });
    render(<CompanyRoute page={makePage()} tab="why-us" embed={false} />);
    const player = screen.getByLabelText('Team day') as HTMLVideoElement;
    Object.defineProperty(player, 'currentTime', { value: 6, configurable: true });
    player.dispatchEvent(new Event('timeupdate'));
    expect(sendBeacon).toHaveBeenCalledWith(`/api/asset/${video.assetId}/engagement`, expect.any(Blob));
  });
});

describe('story page', () => {
  const makeStory = (): TPublicStory => ({
    ...story,
    text: {
      ops: [
        { insert: 'I joined in 2019 ' },
        { insert: 'as a cook', attributes: { bold: true } },
        { insert: '.\n' },
      ],
    },
    updatedAt: '2026-11-01T10:00:00.000Z',
    company: makePage().company,
    otherStories: [
      { ...story, slug: 'bo', path: '/company/northwind/stories/bo', name: 'Bo Berg', title: 'Waiter' },
    ],
  });

  it('shows the person, quote, text and the way back to the company', () => {
    render(<StoryRoute story={makeStory()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ana Lopes' })).toBeInTheDocument();
    expect(screen.getByText('“Best kitchen in town”')).toBeInTheDocument();
    expect(screen.getByText('as a cook').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Stories from Northwind' })).toHaveAttribute(
      'href',
      '/company/northwind?tab=stories',
    );
    expect(screen.getByRole('link', { name: 'See open jobs at Northwind' })).toHaveAttribute(
      'href',
      '/company/northwind?tab=jobs',
    );
    expect(screen.getByRole('link', { name: /Bo Berg/ })).toHaveAttribute(
      'href',
      '/company/northwind/stories/bo',
    );
  });
});
