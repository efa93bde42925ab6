import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobMessages } from '@hirecast/domain/job-messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { signedInUser } from '../../support/sessions.ts';

// A real local HTTP peer speaking the provider's protocol (CONVENTIONS.md: prefer a real peer to a mock).
async function startPeer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: { url: string; headers: IncomingMessage['headers'] }[] = [];
  const server: Server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    handler(req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((done) => server.close(done)),
  };
}
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const geocode = (
  app: Awaited<ReturnType<typeof createTestApp>>['app'],
  token: string | null,
  query: string,
) => app.inject({ url: `/api/geocode${query}`, headers: token ? bearer(token) : {} });

describe('GET /api/geocode with the embedded gazetteer', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedInUser(t.db)).token;
  });
  afterAll(() => t.close());

  it('answers 401 to a caller who is not signed in', async () => {
    const res = await geocode(t.app, null, '?q=London');
    expect(res.statusCode).toBe(401);
  });

  it.each(['', '?q=', '?q=Lo', '?q=%20%20Lo%20%20'])(
    "answers 400 'Please type in at least 3 symbols' to %j",
    async (query) => {
      const res = await geocode(t.app, token, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(jobMessages.locationMinChars);
    },
  );

  it('rejects a limit above 10 and a query over 100 characters', async () => {
    expect((await geocode(t.app, token, '?q=London&limit=11')).statusCode).toBe(400);
    expect((await geocode(t.app, token, `?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('suggests London first for "Lon", GB places before any other, at most 10', async () => {
    const res = await geocode(t.app, token, '?q=Lon');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { label: string; countryCode: string; city?: string; county?: string }[];
    expect(data).toHaveLength(10);
    expect(data[0]).toMatchObject({
      label: 'London, England, United Kingdom',
      city: 'London',
      county: 'England',
      country: 'United Kingdom',
      countryCode: 'GB',
    });
    expect(data[0]).toMatchObject({
      lat: expect.closeTo(51.5, 0) as number,
      lon: expect.closeTo(-0.1, 0) as number,
    });
    const firstForeign = data.findIndex((r) => r.countryCode !== 'GB');
    if (firstForeign >= 0) expect(data.slice(firstForeign).every((r) => r.countryCode !== 'GB')).toBe(true);
    expect(data.every((r) => r.label.toLowerCase().includes('lon'))).toBe(true);
  });

  it('matches later words, accents and a country filter, and honours the limit', async () => {
    const upon = (await geocode(t.app, token, '?q=upon%20tyne&limit=3')).json().data;
    expect(upon[0].city).toBe('Newcastle upon Tyne');
    const zurich = (await geocode(t.app, token, '?q=zurich')).json().data;
    expect(zurich[0]).toMatchObject({ city: 'Zürich', countryCode: 'CH' });
    const paris = (await geocode(t.app, token, '?q=Paris,%20united%20states&limit=2')).json().data;
    expect(paris).toHaveLength(2);
    expect(paris.every((r: { countryCode: string }) => r.countryCode === 'US')).toBe(true);
  });

  it('answers an empty list for a name no place has', async () => {
    const res = await geocode(t.app, token, '?q=Qxzqxzq');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('limits one user to 60 searches a minute, without slowing another user', async () => {
    const busy = await signedInUser(t.db);
    for (let i = 0; i < 60; i++) expect((await geocode(t.app, busy.token, '?q=Leeds')).statusCode).toBe(200);
    expect((await geocode(t.app, busy.token, '?q=Leeds')).statusCode).toBe(429);
    expect((await geocode(t.app, token, '?q=Leeds')).statusCode).toBe(200);
  });
});

describe('GET /api/geocode through a Nominatim server', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  let token: string;
  let answer: (res: ServerResponse) => void;
  beforeAll(async () => {
    peer = await startPeer((_req, res) => answer(res));
    t = await createTestApp({ GEOCODING_URL: `${peer.url}/nominatim/`, GEOCODING_PROVIDER: 'nominatim' });
    token = (await signedInUser(t.db)).token;
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('asks /search with address details and a GB bias, keeps only settlements and counties, GB first', async () => {
    answer = (res) =>
      json(res, 200, [
        {
          place_id: 1,
          lat: '39.96',
          lon: '-82.99',
          display_name: 'Columbus, Franklin County, Ohio, United States',
          address: {
            city: 'Columbus',
            county: 'Franklin County',
            state: 'Ohio',
            country: 'United States',
            country_code: 'us',
          },
        },
        {
          place_id: 2,
          lat: '51.4545',
          lon: '-2.5879',
          display_name: 'Bristol, City of Bristol, England, United Kingdom',
          address: {
            city: 'Bristol',
            county: 'City of Bristol',
            state: 'England',
            country: 'United Kingdom',
            country_code: 'gb',
          },
        },
        {
          place_id: 3,
          lat: '51.5',
          lon: '-0.1',
          display_name: 'A road',
          address: { road: 'Bristol Road', country: 'United Kingdom', country_code: 'gb' },
        },
        {
          place_id: 4,
          lat: '52.1',
          lon: '-1.2',
          display_name: 'Little Bristol, Gloucestershire',
          address: {
            village: 'Little Bristol',
            county: 'Gloucestershire',
            country: 'United Kingdom',
            country_code: 'gb',
          },
        },
      ]);
    const res = await geocode(t.app, token, '?q=Bristol&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        label: 'Bristol, City of Bristol, United Kingdom',
        city: 'Bristol',
        county: 'City of Bristol',
        country: 'United Kingdom',
        countryCode: 'GB',
        lat: 51.4545,
        lon: -2.5879,
      },
      {
        label: 'Little Bristol, Gloucestershire, United Kingdom',
        city: 'Little Bristol',
        county: 'Gloucestershire',
        country: 'United Kingdom',
        countryCode: 'GB',
        lat: 52.1,
        lon: -1.2,
      },
      {
        label: 'Columbus, Franklin County, United States',
        city: 'Columbus',
        county: 'Franklin County',
        country: 'United States',
        countryCode: 'US',
        lat: 39.96,
        lon: -82.99,
      },
    ]);
    const sent = new URL(peer.requests.at(-1)!.url, peer.url);
    expect(sent.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      q: 'Bristol',
      format: 'jsonv2',
      addressdetails: '1',
      bounded: '0',
      viewbox: '-8.65,60.86,1.77,49.86',
    });
    expect(peer.requests.at(-1)!.headers['user-agent']).toBe('Hirecast (http://localhost:3000)');
  });

  it.each([
    ['an error status', (res: ServerResponse) => json(res, 503, { error: 'busy' })],
    ['an answer that is not Nominatim JSON', (res: ServerResponse) => json(res, 200, { features: 'nope' })],
  ])('answers 500 without internals when the provider sends %s', async (_name, handler) => {
    answer = handler;
    const res = await geocode(t.app, token, '?q=Bristol');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: jobMessages.locationNoOptions } });
  });
});

describe('GET /api/geocode through a Photon server', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  beforeAll(async () => {
    peer = await startPeer((_req, res) =>
      json(res, 200, {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-1.5491, 53.7997] },
            properties: {
              name: 'Leeds',
              osm_value: 'city',
              type: 'city',
              county: 'West Yorkshire',
              state: 'England',
              country: 'United Kingdom',
              countrycode: 'GB',
            },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-1.55, 53.8] },
            properties: {
              name: 'Leeds Station',
              osm_value: 'station',
              type: 'house',
              country: 'United Kingdom',
              countrycode: 'GB',
            },
          },
        ],
      }),
    );
    t = await createTestApp({ GEOCODING_URL: peer.url, GEOCODING_PROVIDER: 'photon' });
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('reads GeoJSON features, biases by a point in GB and drops places without a settlement', async () => {
    const { token } = await signedInUser(t.db);
    const res = await geocode(t.app, token, '?q=Leeds');
    expect(res.json().data).toEqual([
      {
        label: 'Leeds, West Yorkshire, United Kingdom',
        city: 'Leeds',
        county: 'West Yorkshire',
        country: 'United Kingdom',
        countryCode: 'GB',
        lat: 53.7997,
        lon: -1.5491,
      },
    ]);
    const sent = new URL(peer.requests.at(-1)!.url, peer.url);
    expect(sent.pathname).toBe('/api');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ q: 'Leeds', lat: '54.0', lon: '-2.5' });
  });
});
