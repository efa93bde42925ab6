import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { jobMessages } from '@hirecast/domain/job-messages';
import { LocationAutocomplete } from './location-autocomplete.tsx';

const results = [
  {
    label: 'Manchester, England, United Kingdom',
    city: 'Manchester',
    county: 'England',
    country: 'United Kingdom',
    countryCode: 'GB',
    lat: 53.48,
    lon: -2.24,
  },
  { label: 'United Kingdom', country: 'United Kingdom', countryCode: 'GB', lat: 54, lon: -2 },
];

function setup(onChange = vi.fn()) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => Response.json({ data: results }));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocationAutocomplete value={{ city: 'Leeds', country: 'United Kingdom' }} onChange={onChange} />
    </QueryClientProvider>,
  );
  return { fetchMock, onChange, input: screen.getByRole('combobox', { name: 'Location' }) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LocationAutocomplete', () => {
  it('asks for 3 symbols, then searches once after the debounce and keeps only places with a city or county', async () => {
    // Keys without a pause between them (a busy machine must not make the pause the debounce waits for).
    const user = userEvent.setup({ delay: null });
    const { fetchMock, onChange, input } = setup();
    expect(fetchMock).not.toHaveBeenCalled(); // the stored place's label is not a search
    await user.clear(input);
    await user.type(input, 'Ma');
    expect(await screen.findByText(jobMessages.locationMinChars)).toBeInTheDocument();
    await user.type(input, 'nch');
    expect(screen.getByText(jobMessages.locationLoading)).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Manchester, England, United Kingdom' }, { timeout: 2000 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/geocode?q=Manch&limit=10');
    expect(screen.queryByRole('option', { name: 'United Kingdom' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Manchester, England, United Kingdom' }));
    expect(onChange).toHaveBeenCalledWith({
      city: 'Manchester',
      county: 'England',
      country: 'United Kingdom',
      lat: 53.48,
      lon: -2.24,
    });
  });

  it('keeps the last valid place when the field is emptied', async () => {
    const user = userEvent.setup();
    const { onChange, input } = setup();
    await user.clear(input);
    expect(screen.getByText(jobMessages.locationCleared)).toBeInTheDocument();
    await user.tab();
    await waitFor(() => expect(input).toHaveValue('Leeds, United Kingdom'));
    expect(onChange).not.toHaveBeenCalled();
  });
});
