import { z } from 'zod';
import { geocodeLabel, type TGeocodeResult } from '@hirecast/domain/geocoding';
import { countryName, GeocoderProviderError, type TGeocoder, type TGeocodeOptions } from './types.ts';

export type TRemoteGeocoderConfig = {
  provider: 'nominatim' | 'photon';
  url: string;
  timeoutMs: number;
  userAgent: string;
};

// Nominatim's usage policy asks for an identifying User-Agent; GB is preferred with a viewbox that biases
// (bounded=0) rather than restricts. Photon biases by a point instead.
const GB_VIEWBOX = '-8.65,60.86,1.77,49.86';
const GB_CENTRE = { lat: '54.0', lon: '-2.5' };

const ZNominatimPlace = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  address: z
    .object({
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      county: z.string().optional(),
      state: z.string().optional(),
      country: z.string().optional(),
      country_code: z.string().optional(),
    })
    .partial()
    .default({}),
});
const ZNominatimAnswer = z.array(ZNominatimPlace);

const ZPhotonAnswer = z.object({
  features: z.array(
    z.object({
      geometry: z.object({ coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
      properties: z.object({
        name: z.string().optional(),
        type: z.string().optional(),
        osm_value: z.string().optional(),
        city: z.string().optional(),
        county: z.string().optional(),
        state: z.string().optional(),
        country: z.string().optional(),
        countrycode: z.string().optional(),
      }),
    }),
  ),
});

type TPlace = {
  city?: string;
  county?: string;
  country?: string;
  countryCode?: string;
  lat: number;
  lon: number;
};

function toResult(place: TPlace): TGeocodeResult | null {
  // spec 1 §5: only places with a city, town, village or county are kept.
  if (!place.city && !place.county) return null;
  const countryCode = (place.countryCode ?? '').toUpperCase();
  const country = place.country ?? (countryCode ? countryName(countryCode) : '');
  if (!country) return null;
  return {
    label: geocodeLabel({ city: place.city, county: place.county, country }),
    ...(place.city && { city: place.city }),
    ...(place.county && { county: place.county }),
    country,
    countryCode,
    lat: place.lat,
    lon: place.lon,
  };
}

const SETTLEMENTS = new Set(['city', 'town', 'village']);

export function createRemoteGeocoder(
  config: TRemoteGeocoderConfig,
  fetchImpl: typeof fetch = fetch,
): TGeocoder {
  const base = config.url.replace(/\/+$/, '');

  const request = (q: string, { limit, bias }: TGeocodeOptions) => {
    // Ask for more than needed: places without a settlement or county are dropped afterwards.
    const wanted = String(Math.min(limit * 2, 40));
    if (config.provider === 'nominatim') {
      const params = new URLSearchParams({
        q,
        format: 'jsonv2',
        addressdetails: '1',
        limit: wanted,
        'accept-language': 'en',
      });
      if (bias === 'GB') {
        params.set('viewbox', GB_VIEWBOX);
        params.set('bounded', '0');
      }
      return `${base}/search?${params}`;
    }
    const params = new URLSearchParams({ q, limit: wanted, lang: 'en' });
    if (bias === 'GB') {
      params.set('lat', GB_CENTRE.lat);
      params.set('lon', GB_CENTRE.lon);
    }
    return `${base}/api?${params}`;
  };

  const parse = (json: unknown): TPlace[] => {
    if (config.provider === 'nominatim') {
      const parsed = ZNominatimAnswer.safeParse(json);
      if (!parsed.success) throw new GeocoderProviderError('Geocoder answer is not in Nominatim format');
      return parsed.data.map(({ lat, lon, address: a }) => ({
        city: a.city ?? a.town ?? a.village,
        county: a.county ?? a.state,
        country: a.country,
        countryCode: a.country_code,
        lat,
        lon,
      }));
    }
    const parsed = ZPhotonAnswer.safeParse(json);
    if (!parsed.success) throw new GeocoderProviderError('Geocoder answer is not in Photon format');
    return parsed.data.features.map(({ geometry, properties: p }) => {
      const kind = p.osm_value ?? p.type ?? '';
      return {
        city: SETTLEMENTS.has(kind) ? p.name : p.city,
        county: p.county ?? (kind === 'county' ? p.name : p.state),
        country: p.country,
        countryCode: p.countrycode,
        lon: geometry.coordinates[0],
        lat: geometry.coordinates[1],
      };
    });
  };

  return {
    kind: config.provider,
    search: async (q, options) => {
      let response: Response;
      try {
        response = await fetchImpl(request(q, options), {
          headers: { accept: 'application/json', 'user-agent': config.userAgent },
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (err) {
        throw new GeocoderProviderError('Geocoder unreachable or timed out', { cause: err });
      }
      if (!response.ok) throw new GeocoderProviderError(`Geocoder answered ${response.status}`);
      const places = parse(await response.json().catch(() => null));
      const results = places.map(toResult).filter((r): r is TGeocodeResult => r !== null);
      // The bias country first, keeping the provider's own relevance order within each group.
      const biased = options.bias ? results.filter((r) => r.countryCode === options.bias) : [];
      const rest = results.filter((r) => !biased.includes(r));
      const seen = new Set<string>();
      return [...biased, ...rest]
        .filter((r) => (seen.has(r.label) ? false : (seen.add(r.label), true)))
        .slice(0, options.limit);
    },
  };
}
