import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { session } from '../../../lib/session.ts';
import { readTrackingId, TokenPage } from './token.tsx';

afterEach(() => localStorage.clear());

describe('readTrackingId', () => {
  it('takes what follows token_ and ignores other messages', () => {
    expect(readTrackingId('token_abc-123')).toBe('abc-123');
    expect(readTrackingId('hello')).toBeNull();
    expect(readTrackingId({ token: 'token_x' })).toBeNull();
    expect(readTrackingId('token_')).toBeNull();
    expect(readTrackingId('token_<script>')).toBeNull();
  });
});

describe('TokenPage', () => {
  it('stores the tracking id posted to the window', async () => {
    render(<TokenPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for a tracking token');
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: 'something else' }));
    });
    expect(session.getTrackingId()).toBeNull();
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: 'token_t-42' }));
    });
    expect(session.getTrackingId()).toBe('t-42');
    expect(await screen.findByText('Tracking token saved.')).toBeInTheDocument();
  });
});
