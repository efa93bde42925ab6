import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { LinkifiedText, splitLinks } from './linkified-text.tsx';

describe('splitLinks', () => {
  it('finds every URL and leaves sentence punctuation outside it', () => {
    expect(
      splitLinks('Open http://localhost:3000/confirm-email?verify-token=abc. Or https://x.io/a,'),
    ).toEqual([
      { type: 'text', value: 'Open ' },
      { type: 'link', value: 'http://localhost:3000/confirm-email?verify-token=abc' },
      { type: 'text', value: '. Or ' },
      { type: 'link', value: 'https://x.io/a' },
      { type: 'text', value: ',' },
    ]);
  });
  it('returns plain text untouched', () => {
    expect(splitLinks('No links here')).toEqual([{ type: 'text', value: 'No links here' }]);
  });
});

describe('LinkifiedText', () => {
  it('renders each URL as a link whose text is the URL', () => {
    const url = 'http://localhost:3000/forgot-password?reset-token=t0k3n';
    render(<LinkifiedText text={`Reset your password:\n${url}\n\nThanks`} />);
    expect(screen.getByRole('link', { name: url })).toHaveAttribute('href', url);
  });
});
