import { z } from 'zod';
import { jobMessages } from './job-messages.ts';

// spec 1 §5 Location autocomplete and §9: at least 3 characters, 10 suggestions, biased to GB.
export const GEOCODING_LIMITS = {
  minChars: 3,
  maxChars: 100,
  limit: 10,
  debounceMs: 700,
  bias: 'GB',
} as const;

export const ZGeocodeQuery = z.object({
  q: z
    .string({ error: jobMessages.locationMinChars })
    .trim()
    .min(GEOCODING_LIMITS.minChars, jobMessages.locationMinChars)
    .max(GEOCODING_LIMITS.maxChars, `Please type at most ${GEOCODING_LIMITS.maxChars} symbols`),
  limit: z.coerce.number().int().min(1).max(GEOCODING_LIMITS.limit).default(GEOCODING_LIMITS.limit),
});
export type TGeocodeQuery = z.input<typeof ZGeocodeQuery>;

// One suggestion; `city` is the city, town or village (absent for a county-level place).
export const ZGeocodeResult = z.object({
  label: z.string(),
  city: z.string().optional(),
  county: z.string().optional(),
  country: z.string(),
  countryCode: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export type TGeocodeResult = z.infer<typeof ZGeocodeResult>;

/** The label shown in the list: the distinct parts, most specific first ('Leeds, England, United Kingdom'). */
export function geocodeLabel(parts: { city?: string; county?: string; country: string }): string {
  const seen = new Set<string>();
  return [parts.city, parts.county, parts.country]
    .filter((p): p is string => Boolean(p))
    .filter((p) => (seen.has(p.toLowerCase()) ? false : (seen.add(p.toLowerCase()), true)))
    .join(', ');
}
