import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SCROLL_HINT, ScrollRegion } from './scroll-region.tsx';

// Issue 33 item 10: a table wider than its region (a phone) says that it scrolls; one that fits says nothing.
// jsdom lays nothing out, so the widths the browser would measure are given.

const widths = (scrollWidth: number, clientWidth: number) => {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scrollWidth });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => clientWidth });
};
afterEach(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
});

const table = (
  <table aria-label="Campaigns">
    <tbody>
      <tr>
        <td>newsletter</td>
      </tr>
    </tbody>
  </table>
);

describe('ScrollRegion', () => {
  it('says it scrolls sideways, and is described by that line, when the table is wider than the region', () => {
    widths(820, 358);
    render(<ScrollRegion label="Campaigns table">{table}</ScrollRegion>);
    const region = screen.getByRole('region', { name: 'Campaigns table' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAccessibleDescription(SCROLL_HINT);
    expect(screen.getByText(SCROLL_HINT, { exact: false })).toBeVisible();
  });

  it('says nothing when the table fits', () => {
    widths(358, 358);
    render(<ScrollRegion label="Campaigns table">{table}</ScrollRegion>);
    expect(screen.getByRole('region', { name: 'Campaigns table' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(SCROLL_HINT, { exact: false })).not.toBeInTheDocument();
  });
});
