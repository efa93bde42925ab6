import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { companyPageMessages } from '@hirecast/domain/company-page-rules';
import { makeManager } from '../../../test/fixtures.ts';
import {
  makeCompanyPage,
  mockApi,
  renderEmployer,
  stubWidth,
  textBlock,
  type TCall,
} from '../components/employer-test-utils.tsx';
import { Component as EmployerPage } from './employer.tsx';

const threeBlocks = () => [
  textBlock('b-1', 'About us', 0),
  textBlock('b-2', 'Why work here', 1),
  textBlock('b-3', 'Perks', 2),
];

function server(page = makeCompanyPage(threeBlocks())) {
  return mockApi((call: TCall) => {
    if (call.method === 'GET' && call.path === '/company-page/co-1/company') return { body: { data: page } };
    if (call.method === 'PATCH' && call.path === '/company-page/page-1/reorder')
      return { body: { data: page } };
    return undefined;
  });
}

// jsdom has no layout: each block gets a place in one column so the keyboard sensor can move between them.
function layOutBlocks() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const block = this.closest<HTMLElement>('[data-block-id]');
    const blocks = [...document.querySelectorAll<HTMLElement>('[data-block-id]')];
    const index = block ? blocks.indexOf(block) : -1;
    const top = index < 0 ? 0 : 300 + index * 210;
    const height = block ? 200 : 0;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 600,
      height,
      right: 600,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
}

const press = async (target: Element | Document, code: string, key: string) =>
  act(async () => {
    fireEvent.keyDown(target, { code, key });
    await new Promise((resolve) => setTimeout(resolve, 30));
  });

describe('/employer', () => {
  beforeEach(() => stubWidth(true));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a manager the 403 page and never asks for the career page', async () => {
    const calls = server();
    renderEmployer(<EmployerPage />, { me: makeManager({ _company: 'co-1', role: 1 }) });
    expect(await screen.findByRole('heading', { name: /403/ })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/company-page'))).toEqual([]);
  });

  it('shows the company, the maps link and the website, and opens the tab the query names', async () => {
    server();
    renderEmployer(<EmployerPage />, { path: '/employer?tab=benefits' });
    expect(await screen.findByRole('heading', { name: 'Northwind', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leeds, West Yorkshire' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Leeds%2C%20West%20Yorkshire%2C%20United%20Kingdom',
    );
    expect(screen.getByRole('link', { name: 'Visit website' })).toHaveAttribute(
      'href',
      'https://northwind.example',
    );
    expect(screen.getByRole('tab', { name: 'Benefits' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Jobs' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/employer?tab=jobs');
    expect(screen.getByText(companyPageMessages.noLiveJobs)).toBeInTheDocument();
    // spec 3 §2: no Reorder on the Jobs tab.
    expect(screen.queryByRole('button', { name: 'Reorder' })).not.toBeInTheDocument();
  });

  it('offers Reorder on desktop only', async () => {
    stubWidth(false);
    server();
    renderEmployer(<EmployerPage />);
    await screen.findByRole('heading', { name: 'Northwind', level: 1 });
    expect(screen.queryByRole('button', { name: 'Reorder' })).not.toBeInTheDocument();
  });

  it('sends nothing when the order did not change', async () => {
    const calls = server();
    renderEmployer(<EmployerPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    expect(screen.getByRole('button', { name: 'Move Text card Perks' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Reorder' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.endsWith('/reorder'))).toEqual([]);
  });

  it('moves a block with the keyboard and sends the new order on Save', async () => {
    const calls = server();
    layOutBlocks();
    renderEmployer(<EmployerPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    const handle = screen.getByRole('button', { name: 'Move Text card About us' });
    handle.focus();
    await press(handle, 'Space', ' ');
    await press(document, 'ArrowDown', 'ArrowDown');
    await press(document, 'Space', ' ');
    const region = screen.getByRole('region', { name: 'Career page blocks, reorder mode' });
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('button', { name: /^Move / })
          .map((b) => b.getAttribute('aria-label')),
      ).toEqual(['Move Text card Why work here', 'Move Text card About us', 'Move Text card Perks']),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/reorder'))).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith('/reorder'))?.body).toEqual({
      elements: [
        { _id: 'b-2', order: 0 },
        { _id: 'b-1', order: 1 },
        { _id: 'b-3', order: 2 },
      ],
    });
  });

  it('sends the moved order when the page is left in reorder mode', async () => {
    const calls = server();
    layOutBlocks();
    const view = renderEmployer(<EmployerPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    const handle = screen.getByRole('button', { name: 'Move Text card Perks' });
    handle.focus();
    await press(handle, 'Space', ' ');
    await press(document, 'ArrowUp', 'ArrowUp');
    await press(document, 'Space', ' ');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Move / })[1]).toHaveAccessibleName(
        'Move Text card Perks',
      ),
    );
    view.unmount();
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/reorder'))).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith('/reorder'))?.body).toEqual({
      elements: [
        { _id: 'b-1', order: 0 },
        { _id: 'b-3', order: 1 },
        { _id: 'b-2', order: 2 },
      ],
    });
  });

  it('paints the page in the company colours', async () => {
    server();
    renderEmployer(<EmployerPage />);
    // #F7FAFB and #1F6F8B of the page's company.
    expect(await screen.findByTestId('career-page')).toHaveStyle({
      backgroundColor: 'rgb(247, 250, 251)',
    });
    const reorder = screen.getByRole('button', { name: 'Reorder' });
    expect(getComputedStyle(reorder).getPropertyValue('--variant-outlinedColor').toLowerCase()).toBe(
      '#1f6f8b',
    );
  });

  it('copies the embed snippet and says so; says when copying fails', async () => {
    server();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderEmployer(<EmployerPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy embed code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Embed your career page' });
    const code = within(dialog).getByRole('textbox', { name: 'Embed code' });
    expect((code as HTMLTextAreaElement).value).toContain(
      '<iframe src="http://localhost:3000/company/northwind?embed=1"',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith((code as HTMLTextAreaElement).value);
    expect(await screen.findByText(companyPageMessages.embedCopied)).toBeInTheDocument();
    writeText.mockImplementationOnce(() => Promise.reject(new Error('denied')));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText(companyPageMessages.embedCopyFailed)).toBeInTheDocument();
  });
});
