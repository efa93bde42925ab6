import type { TConfig } from '../../config.ts';
import { createGazetteer } from './gazetteer.ts';
import { createRemoteGeocoder } from './remote-client.ts';
import type { TGeocoder } from './types.ts';

/** The configured geocoder: a Nominatim/Photon server when GEOCODING_URL is set, else the offline gazetteer. */
export function createGeocoder(config: TConfig): TGeocoder {
  return config.geocoding.url
    ? createRemoteGeocoder({
        provider: config.geocoding.provider,
        url: config.geocoding.url,
        timeoutMs: config.geocoding.timeoutMs,
        userAgent: config.geocoding.userAgent,
      })
    : createGazetteer();
}
