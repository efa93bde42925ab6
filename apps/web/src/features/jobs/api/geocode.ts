import { queryOptions, useQuery } from '@tanstack/react-query';
import { GEOCODING_LIMITS, type TGeocodeResult } from '@hirecast/domain/geocoding';
import { api } from '../../../lib/api-client.ts';

// spec 1 §5 Location autocomplete: GET /geocode?q=&limit=10 (the server biases to GB).
export const geocode = (q: string, signal?: AbortSignal) =>
  api.get<TGeocodeResult[]>(
    `/geocode?q=${encodeURIComponent(q)}&limit=${GEOCODING_LIMITS.limit}`,
    signal ? { signal } : undefined,
  );

export const geocodeQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['geocode', q] as const,
    queryFn: ({ signal }) => geocode(q, signal),
    enabled: q.trim().length >= GEOCODING_LIMITS.minChars,
    staleTime: 5 * 60_000,
    retry: false,
  });
export const useGeocode = (q: string) => useQuery(geocodeQueryOptions(q));
