import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '@hirecast/db/schema';
import { createCompany } from '@hirecast/db/factories';
import { messages } from '@hirecast/domain/messages';
import { isPublicAddress, safeFetch, SafeFetchError, type TResolve } from '../../../src/lib/safe-fetch.ts';
import { registerCompanyJobs } from '../../../src/modules/companies/handlers.ts';
import { parseCompanyPage, shortenBio, socialType } from '../../../src/modules/companies/texau.ts';
import { readCompanyFromLink } from '../../../src/modules/companies/texau-job.ts';
import { callAs, hiringTeam, outsider } from '../../support/applicants-support.ts';
import { createTestApp } from '../../support/helper.ts';

// Issue 7 item 5: POST /api/texau {link} and its queued job, which reads a company's name, bio, logo and social
// links from a page's Open Graph tags and JSON-LD Organization, behind the server-side request forgery guard of
// lib/safe-fetch.ts. Pages are served by a local HTTP server, reachable only through the test-only allowance.

const HTML = 'text/html; charset=utf-8';
const LONG_BIO = `${'Acme builds friendly robots for bakeries & cafés. '.repeat(8)}The end.`;

let server: Server;
let base: string;
const hits: string[] = [];
let logoPng: Buffer;

function companyPage(origin: string) {
  const ld = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebSite', name: 'Acme website', url: `${origin}/` },
      {
        '@type': ['Organization', 'Corporation'],
        name: 'Acme Robotics &amp; Co',
        description: LONG_BIO,
        url: 'https://acme-robotics.example.com/',
        logo: { '@type': 'ImageObject', url: `${origin}/logo.png` },
        sameAs: [
          'https://www.linkedin.com/company/acme-robotics',
          'https://x.com/acmerobotics',
          'https://www.instagram.com/acme.robotics/',
          'https://uk.pinterest.com/acme/',
          'https://www.glassdoor.co.uk/Overview/Working-at-Acme.htm',
          'https://www.youtube.com/@acme',
          'https://www.tiktok.com/@acme',
          'https://www.facebook.com/acme',
          'https://unknown.example.org/acme',
        ],
      },
    ],
  };
  return `<!doctype html><html><head>
    <title>Home | Acme</title>
    <!-- <meta property="og:site_name" content="Hidden in a comment"> -->
    <meta property="og:site_name" content="Acme OG name">
    <meta content="OG description of Acme" property="og:description">
    <meta property='og:image' content='/banner.png'>
    <script type="application/ld+json">{ not json }</script>
    <script type="application/ld+json">${JSON.stringify(ld)}</script>
  </head><body><h1>Acme</h1></body></html>`;
}

function route(req: IncomingMessage, res: ServerResponse): unknown {
  const path = req.url ?? '/';
  hits.push(path);
  const redirect = (to: string) => {
    res.writeHead(302, { location: to });
    res.end();
  };
  if (path === '/company') {
    res.writeHead(200, { 'content-type': HTML });
    return res.end(companyPage(base));
  }
  if (path === '/og-only') {
    res.writeHead(200, { 'content-type': HTML });
    return res.end(`<html><head><meta property="og:title" content="Beta Bakers – Home">
      <meta name="description" content="Fresh bread &#8212; daily."><meta property="og:image" content="logo.png">
      </head></html>`);
  }
  if (path === '/logo.png') {
    res.writeHead(200, { 'content-type': 'image/png' });
    return res.end(logoPng);
  }
  if (path === '/not-an-image.png') {
    res.writeHead(200, { 'content-type': 'image/png' });
    return res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  if (path.startsWith('/hop/')) {
    const left = Number(path.slice(5));
    return left > 0
      ? redirect(`/hop/${left - 1}`)
      : route({ ...req, url: '/company' } as IncomingMessage, res);
  }
  if (path === '/to-metadata') return redirect('http://169.254.169.254/latest/meta-data/');
  if (path === '/to-internal') return redirect(`http://internal.test:${new URL(base).port}/company`);
  if (path === '/to-loopback-v6') return redirect(`http://[::1]:${new URL(base).port}/company`);
  if (path === '/to-file') return redirect('file:///etc/passwd');
  if (path === '/slow') return; // never answers
  if (path === '/big') {
    res.writeHead(200, { 'content-type': HTML });
    return res.end(`<html>${'x'.repeat(1_100_000)}</html>`);
  }
  if (path === '/big-chunked') {
    res.writeHead(200, { 'content-type': HTML }); // no content-length: the cap applies while reading
    for (let i = 0; i < 12; i += 1) res.write('y'.repeat(100_000));
    return res.end();
  }
  if (path === '/bomb') {
    res.writeHead(200, { 'content-type': HTML, 'content-encoding': 'gzip' });
    return res.end(gzipSync(Buffer.alloc(20_000_000, 0x20)));
  }
  if (path === '/gzipped') {
    res.writeHead(200, { 'content-type': HTML, 'content-encoding': 'gzip' });
    return res.end(gzipSync(companyPage(base)));
  }
  if (path === '/json') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{"name":"Acme"}');
  }
  res.writeHead(404, { 'content-type': HTML });
  res.end('<html>missing</html>');
}

const LOCAL = ['127.0.0.1'] as const;
// A fake DNS for names the tests own: *.test names resolve where the test says.
const fakeDns =
  (map: Record<string, string[]>): TResolve =>
  async (hostname) => {
    const addresses = map[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const refusal = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SafeFetchError);
  return (err as SafeFetchError).reason;
};

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  logoPng = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ff6600' } })
    .png()
    .toBuffer();
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t?.close();
});

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    'fd00::1',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    '2001:db8::1',
    '2001:0::1',
    'not an address',
    '',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2002:808:808::',
  ])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('safeFetch', () => {
  const html = ['text/html'] as const;

  it('reads a page through the test allowance for 127.0.0.1', async () => {
    const page = await safeFetch(`${base}/company`, { accept: html, allowPrivateHosts: LOCAL });
    expect(page).toMatchObject({
      status: 200,
      contentType: 'text/html',
      charset: 'utf-8',
      url: `${base}/company`,
    });
    expect(page.body.toString()).toContain('Acme OG name');
  });

  it('connects to the address its own lookup checked, not what the system resolver says', async () => {
    const port = new URL(base).port;
    const page = await safeFetch(`http://company.test:${port}/company`, {
      accept: html,
      allowPrivateHosts: LOCAL,
      resolve: fakeDns({ 'company.test': ['127.0.0.1'] }),
    });
    expect(page.status).toBe(200);
  });

  it.each([
    'http://127.0.0.1/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://2130706433/', // 127.0.0.1 as one number
    'http://0x7f.1/',
  ])('refuses %s without the allowance', async (link) => {
    expect(await refusal(safeFetch(link, { accept: html }))).toBe('address');
  });

  it('refuses a hostname that resolves to a private address, before connecting', async () => {
    const port = new URL(base).port;
    const before = hits.length;
    expect(
      await refusal(
        safeFetch(`http://rebind.test:${port}/company`, {
          accept: html,
          resolve: fakeDns({ 'rebind.test': ['127.0.0.1'] }),
        }),
      ),
    ).toBe('address');
    // One private answer among public ones is enough.
    expect(
      await refusal(
        safeFetch(`http://mixed.test:${port}/company`, {
          accept: html,
          resolve: fakeDns({ 'mixed.test': ['93.184.216.34', '10.0.0.7'] }),
        }),
      ),
    ).toBe('address');
    // The real resolver: localhost is loopback.
    expect(await refusal(safeFetch(`http://localhost:${port}/company`, { accept: html }))).toBe('address');
    // The allowance is for the exact addresses listed.
    expect(
      await refusal(
        safeFetch(`http://other.test:${port}/company`, {
          accept: html,
          allowPrivateHosts: LOCAL,
          resolve: fakeDns({ 'other.test': ['127.0.0.2'] }),
        }),
      ),
    ).toBe('address');
    expect(hits.length).toBe(before);
  });

  it('refuses other protocols and credentials', async () => {
    for (const link of ['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/', 'not a url'])
      expect(await refusal(safeFetch(link, { accept: html }))).toBe('url');
    expect(
      await refusal(safeFetch(`http://user:pw@127.0.0.1/`, { accept: html, allowPrivateHosts: LOCAL })),
    ).toBe('url');
  });

  it('checks every redirect again: into a private address or another protocol is refused', async () => {
    const options = {
      accept: html,
      allowPrivateHosts: LOCAL,
      resolve: fakeDns({ 'internal.test': ['10.0.0.5'] }),
    };
    expect(await refusal(safeFetch(`${base}/to-metadata`, options))).toBe('address');
    expect(await refusal(safeFetch(`${base}/to-internal`, options))).toBe('address');
    expect(await refusal(safeFetch(`${base}/to-loopback-v6`, options))).toBe('address');
    expect(await refusal(safeFetch(`${base}/to-file`, options))).toBe('url');
  });

  it('follows at most 3 redirects', async () => {
    const ok = await safeFetch(`${base}/hop/3`, { accept: html, allowPrivateHosts: LOCAL });
    expect(ok.url).toBe(`${base}/hop/0`);
    expect(await refusal(safeFetch(`${base}/hop/4`, { accept: html, allowPrivateHosts: LOCAL }))).toBe(
      'redirects',
    );
  });

  it('gives up after the timeout', async () => {
    const started = Date.now();
    expect(
      await refusal(safeFetch(`${base}/slow`, { accept: html, allowPrivateHosts: LOCAL, timeoutMs: 300 })),
    ).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('caps the body at 1 MB, declared, streamed or compressed', async () => {
    const options = { accept: html, allowPrivateHosts: LOCAL };
    expect(await refusal(safeFetch(`${base}/big`, options))).toBe('size');
    expect(await refusal(safeFetch(`${base}/big-chunked`, options))).toBe('size');
    expect(await refusal(safeFetch(`${base}/bomb`, options))).toBe('size');
    const gzipped = await safeFetch(`${base}/gzipped`, options);
    expect(gzipped.body.toString()).toContain('Acme OG name');
  });

  it('takes only the content types asked for, and 2xx answers', async () => {
    expect(await refusal(safeFetch(`${base}/json`, { accept: html, allowPrivateHosts: LOCAL }))).toBe('type');
    expect(await refusal(safeFetch(`${base}/missing`, { accept: html, allowPrivateHosts: LOCAL }))).toBe(
      'status',
    );
  });
});

describe('parseCompanyPage', () => {
  it('reads the JSON-LD Organization first and maps sameAs to social links by host', () => {
    const details = parseCompanyPage(
      companyPage('https://acme.example.com'),
      'https://acme.example.com/about',
    );
    expect(details.name).toBe('Acme Robotics & Co');
    expect(details.description).toBe(LONG_BIO.trim());
    expect(details.logo).toBe('https://acme.example.com/logo.png');
    expect(Object.fromEntries(details.links.map((l) => [l.type, l.value]))).toEqual({
      linkedin: 'https://www.linkedin.com/company/acme-robotics',
      twitter: 'https://x.com/acmerobotics',
      instagram: 'https://www.instagram.com/acme.robotics/',
      pinterest: 'https://uk.pinterest.com/acme/',
      glassdoor: 'https://www.glassdoor.co.uk/Overview/Working-at-Acme.htm',
      youtube: 'https://www.youtube.com/@acme',
      tiktok: 'https://www.tiktok.com/@acme',
      facebook: 'https://www.facebook.com/acme',
      website: 'https://acme-robotics.example.com/',
    });
  });

  it('falls back to Open Graph and meta tags, resolving relative images and entities', () => {
    const html = `<html><head><title>Ignored</title><meta property="og:title" content="Beta Bakers – Home">
      <meta name="description" content="Fresh bread &#8212; daily &amp; nightly."><meta property="og:image" content="img/logo.png">
      </head></html>`;
    expect(parseCompanyPage(html, 'https://beta.example.com/shop/')).toEqual({
      name: 'Beta Bakers',
      description: 'Fresh bread — daily & nightly.',
      logo: 'https://beta.example.com/shop/img/logo.png',
      links: [{ type: 'website', value: 'https://beta.example.com' }],
    });
  });

  it('a profile page is that profile, and unsafe image links are dropped', () => {
    const html = `<meta property="og:site_name" content="LinkedIn"><meta property="og:image" content="javascript:alert(1)">`;
    const details = parseCompanyPage(html, 'https://www.linkedin.com/company/acme/');
    expect(details.links).toEqual([{ type: 'linkedin', value: 'https://www.linkedin.com/company/acme/' }]);
    expect(details.logo).toBeNull();
  });

  it('knows the social hosts and keeps bios under 256 characters', () => {
    expect(socialType('https://twitter.com/acme')).toBe('twitter');
    expect(socialType('https://pinterest.evil.example/acme')).toBeNull();
    expect(socialType('https://notlinkedin.com/acme')).toBeNull();
    expect(shortenBio(LONG_BIO).length).toBeLessThan(256);
    expect(shortenBio(LONG_BIO).endsWith('…')).toBe(true);
    expect(shortenBio('short')).toBe('short');
  });
});

describe('POST /api/texau and the company.texau job', () => {
  const post = (member: { token: string; companyId: string }, link: unknown) =>
    callAs(t.app, member, { method: 'POST', url: '/api/texau', payload: { link } });
  const row = async (id: string) => (await t.db.select().from(companies).where(eq(companies.id, id)))[0]!;
  const until = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
    const end = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    // The worker, with the test-only allowance for the local page server.
    await registerCompanyJobs(t.app.ctx, { texau: { fetch: { allowPrivateHosts: LOCAL } } });
  });

  it('answers 202 with texauLoading, then the job fills name, bio, logo and links', async () => {
    const team = await hiringTeam(t.db);
    await t.db
      .update(companies)
      .set({
        info: [
          { type: 'twitter', value: 'https://twitter.com/old' },
          { type: 'website', value: 'https://old.example.com' },
        ],
      })
      .where(eq(companies.id, team.company.id));
    const res = await post(team.admin, `${base}/company`);
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toMatchObject({ _id: team.company.id, texauLoading: true });

    await until(async () => !(await row(team.company.id)).texauLoading);
    const company = (await callAs(t.app, team.viewer, { url: `/api/company/${team.company.id}` })).json()
      .data;
    expect(company).toMatchObject({ name: 'Acme Robotics & Co', texauLoading: false });
    expect(company.description).toBe(shortenBio(LONG_BIO.trim()));
    const links = Object.fromEntries(
      company.info.map((l: { type: string; value: string }) => [l.type, l.value]),
    );
    expect(links).toMatchObject({
      twitter: 'https://x.com/acmerobotics',
      website: 'https://acme-robotics.example.com/',
      linkedin: 'https://www.linkedin.com/company/acme-robotics',
    });
    expect(company.info).toHaveLength(9);
    // The logo was fetched, checked and stored as one of our public images.
    const logo = await t.app.inject({ url: new URL(company.logo).pathname });
    expect(logo.statusCode).toBe(200);
    expect(Buffer.compare(logo.rawPayload, logoPng)).toBe(0);
  });

  it('keeps the name when another company has it, and fills the rest', async () => {
    const team = await hiringTeam(t.db);
    await createCompany(t.db, { name: 'Beta Bakers' });
    expect((await post(team.admin, `${base}/og-only`)).statusCode).toBe(202);
    await until(async () => !(await row(team.company.id)).texauLoading);
    const after = await row(team.company.id);
    expect(after.name).toBe(team.company.name);
    expect(after.description).toBe('Fresh bread — daily.');
    expect(after.logo).toMatch(/\/uploads\/public\//);
  });

  it('a refused or failing link ends the loading state and changes nothing', async () => {
    const team = await hiringTeam(t.db);
    const before = await row(team.company.id);
    expect((await post(team.admin, `${base}/to-metadata`)).statusCode).toBe(202);
    await until(async () => !(await row(team.company.id)).texauLoading);
    expect(await row(team.company.id)).toMatchObject({
      name: before.name,
      description: before.description,
      logo: before.logo,
      info: before.info,
      texauLoading: false,
    });
  });

  it('without the allowance (as in production) a local page is never read', async () => {
    const team = await hiringTeam(t.db);
    await t.db.update(companies).set({ texauLoading: true }).where(eq(companies.id, team.company.id));
    const before = hits.length;
    const outcome = await readCompanyFromLink(t.app.ctx, {
      companyId: team.company.id,
      link: `${base}/company`,
    });
    expect(outcome).toBe('failed');
    expect(hits.length).toBe(before);
    expect(await row(team.company.id)).toMatchObject({ name: team.company.name, texauLoading: false });
  });

  it('by role: Job Manager and Viewer get 403, a stranger 404; a bad link 400', async () => {
    const team = await hiringTeam(t.db);
    for (const member of [team.manager, team.viewer]) {
      const res = await post(member, `${base}/company`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(messages.onlyAdmins);
    }
    const stranger = await outsider(t.db);
    const res = await post({ token: stranger.token, companyId: team.company.id }, `${base}/company`);
    expect(res.statusCode).toBe(404);
    for (const link of ['file:///etc/passwd', 'not a link', 42]) {
      const bad = await post(team.admin, link);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(messages.linkInvalid);
    }
    expect((await row(team.company.id)).texauLoading).toBe(false);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/texau', payload: { link: base } })).statusCode,
    ).toBe(401);
  });
});
