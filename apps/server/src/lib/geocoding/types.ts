import type { TGeocodeResult } from '@hirecast/domain/geocoding';

export type TGeocodeOptions = {
  limit: number;
  /** ISO 3166-1 alpha-2 code ranked first, e.g. 'GB' */ bias?: string;
};

// ARCHITECTURE.md, Embedded defaults: geocoding sits behind this interface. The offline gazetteer is the
// default; a Nominatim or Photon server replaces it when GEOCODING_URL is set.
export type TGeocoder = {
  kind: 'gazetteer' | 'nominatim' | 'photon';
  search: (q: string, options: TGeocodeOptions) => Promise<TGeocodeResult[]>;
  /**
   * Loads what the first search needs ahead of it (the offline gazetteer's index), in the background; says where
   * it was built and, if the worker failed, why.
   */
  warm?: () => Promise<TWarmResult>;
};

export class GeocoderProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GeocoderProviderError';
  }
}

/** Lowercase, without accents or punctuation, single-spaced: 'Saint-Étienne' -> 'saint etienne'. */
export const normalizePlace = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export const countryName = (code: string) => {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};

export type TWarmResult = { builtIn: 'worker' | 'main thread'; workerError?: string };
