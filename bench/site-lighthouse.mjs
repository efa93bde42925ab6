// Lighthouse mobile run of the server-rendered job page (issue 5, bench item): the `lighthouse` npm package
// driving Debian's Chromium (/usr/bin/chromium, headless) against the local build, with Lighthouse's default
// mobile settings (Moto G Power screen, simulated slow 4G and 4x CPU slowdown). The server runs in its own
// process on PGlite in a temporary folder, with one realistic open job: long description, salary, the
// company's logo and colours, a hosted video (480p and 720p mp4 and a poster, made with ffmpeg), the job's
// image (a 1600 px JPEG as uploaded) and six other open jobs. Everything is served by the local server: the
// run downloads nothing, and any request Lighthouse saw leave 127.0.0.1 is printed.
// Prints, per run and as the median of the runs: performance score, LCP, TBT, CLS, FCP, Speed Index and the
// accessibility, SEO and best-practices scores; then the performance audits that failed in the median run.
//
// Issue 15: `--page company` measures the company's public career page instead (/company/{slug}: banner, logo,
// texts, a quote, statistics, the video, latest jobs, socials), `--page story` one of its employee stories.
//
// Usage: npm run bench:site-lighthouse [-- --runs 3 --json lighthouse.json --no-media --page job|company|story]
// Run `npm run build` first (the site's SSR and client bundles). Lighthouse's simulated throttling scales the
// CPU work it observed: a busy machine gives a worse TBT and score (the output shows Lighthouse's
// benchmarkIndex of the machine).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { createDb } from '@hirecast/db/client';
import { createCompany, createJob } from '@hirecast/db/factories';
import { companyPageBlocks, companyPages, imageAssets, videoAssets } from '@hirecast/db/schema';
import { buildSharePath } from '@hirecast/domain/share-url';
import { freePort, startServer, stopServer } from './lib/server.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    json: { type: 'string' },
    'no-media': { type: 'boolean', default: false },
    page: { type: 'string', default: 'job' },
  },
});
if (!['job', 'company', 'story'].includes(args.page)) throw new Error('--page is job, company or story');
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs is a whole number of runs, 1 or more');

const CHROME_PATH = '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'];
// Ports other services of the stack use on a development machine (NATS, PostgreSQL, Redis, RabbitMQ, MQTT, MySQL).

const siteDist = new URL('../apps/site/dist/', import.meta.url);
const needed = ['client/.vite/manifest.json', 'server/entry-server.js'].map((f) => new URL(f, siteDist));
const missing = needed.filter((file) => !existsSync(file));
if (missing.length > 0 || !existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) {
  console.error(
    'The site (or web app) is not built: run `npm run build` first. Lighthouse measures the server-rendered ' +
      'page with its client bundle, which the server serves from apps/site/dist.',
  );
  process.exit(1);
}
if (!existsSync(CHROME_PATH)) {
  console.error(`${CHROME_PATH} is missing: install Debian's Chromium (apt-get install chromium).`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-bench-lighthouse-'));
let api;

try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;

  // A company with an open job that has what a real one has.
  const database = await createDb({ dataDir: join(dataDir, 'db') });
  await database.migrate();
  const media = args['no-media'] ? null : await makeMedia(join(dataDir, 'media'));
  const companyId = randomUUID();
  const logoKey = `uploads/public/${companyId}/${randomUUID()}.png`;
  const company = await createCompany(database.db, {
    id: companyId,
    name: `Bench Coffee ${Date.now()}`,
    description: 'Coffee shops across the North.',
    info: [{ type: 'website', value: 'https://bench-coffee.example.com' }],
    primaryColor: '#6b3e26',
    backgroundColor: '#faf6f0',
    logo: media ? `${base}/api/storage/${logoKey}` : null,
  });
  let image = null;
  let videoAssetId = null;
  if (media) {
    // Stored as the server stores them (local storage driver): the file under DATA_DIR/storage/<key> and a
    // `.meta` beside it. Logo and job image are public keys; the video's files are signed per page view.
    const imageKey = `uploads/public/${companyId}/${randomUUID()}.jpg`;
    const assetId = randomUUID();
    const videoBase = `uploads/${companyId}/${assetId}`;
    store(media.logo, logoKey, 'image/png');
    store(media.image, imageKey, 'image/jpeg');
    store(media.mp4, `${videoBase}-480p.mp4`, 'video/mp4');
    store(media.mp4_720p, `${videoBase}-720p.mp4`, 'video/mp4');
    store(media.poster, `${videoBase}-image640.webp`, 'image/webp');
    await database.db.insert(videoAssets).values({
      id: assetId,
      companyId,
      title: 'A morning at Bench Coffee',
      fileName: 'morning.mp4',
      status: 'ready',
      originalKey: `${videoBase}.mp4`,
      data: {
        videoMp4Url: `${videoBase}-480p.mp4`,
        videoMp4Url_720p: `${videoBase}-720p.mp4`,
        image640: `${videoBase}-image640.webp`,
      },
      thumbnails: [`${videoBase}-image640.webp`],
      dimension: 'landscape',
      width: 1280,
      height: 720,
      duration: 10,
    });
    image = `${base}/api/storage/${imageKey}`;
    videoAssetId = assetId;
  }
  const paragraph =
    'Serve great coffee to our guests every day, keep the bar spotless and help train new starters. ';
  const description = {
    ops: [
      { insert: 'About the role' },
      { insert: '\n', attributes: { header: 2 } },
      { insert: `${paragraph.repeat(6)}\n` },
      { insert: 'What you bring' },
      { insert: '\n', attributes: { header: 2 } },
      ...['Latte art', 'A friendly smile', 'Early starts', 'Team spirit'].flatMap((item) => [
        { insert: item },
        { insert: '\n', attributes: { list: 'bullet' } },
      ]),
      { insert: 'What we offer' },
      { insert: '\n', attributes: { header: 2 } },
      { insert: 'Free coffee', attributes: { bold: true } },
      { insert: `, paid training and a team that looks after each other. ${paragraph.repeat(2)}\n` },
    ],
  };
  const job = await createJob(database.db, {
    companyId,
    title: 'Head Barista',
    postHeading: 'Lead the bar at our Leeds flagship',
    status: 'open',
    publishedAt: new Date(),
    description,
    employmentType: 'full-time',
    salary: { from: '24000', to: '28000', currency: 'GBP', unit: 'annually' },
    location: { city: 'Leeds', country: 'United Kingdom', postalCode: 'LS1 4AP' },
    image,
    videoAssetId,
    videoQuestion: 'Tell us about the best coffee you have made.',
    isHiringNow: true,
    showOtherJobs: true,
  });
  for (let i = 0; i < 6; i++)
    await createJob(database.db, { companyId, status: 'open', title: `Barista ${i + 1}` });
  if (args.page !== 'job') await makeCompanyPage(database.db, { companyId, media, videoAssetId });
  await database.close();

  ({ child: api } = await startServer({ port, dataDir }));

  const path = buildSharePath({
    city: 'Leeds',
    companyName: company.name,
    title: job.title,
    shortId: job.shortId,
  });
  const pagePath = {
    job: path,
    company: `/company/${company.slug}`,
    story: `/company/${company.slug}/stories/maya-okafor`,
  }[args.page];
  const jsonLdType = { job: 'JobPosting', company: 'Organization', story: 'Article' }[args.page];
  const url = `${base}${pagePath}`;
  const first = await fetch(url, { headers: { accept: 'text/html' } });
  const html = await first.text();
  if (first.status !== 200 || !html.includes(`"@type":"${jsonLdType}"`))
    throw new Error(`GET ${pagePath} answered ${first.status} without ${jsonLdType} JSON-LD`);
  if (!html.includes('<script type="module"'))
    throw new Error(`GET ${path} answered the server's fallback body: the site bundle did not load`);

  const results = [];
  for (let i = 0; i < runs; i++) {
    const lhr = await runLighthouse(url);
    results.push(lhr);
    if (i === 0) {
      const { lighthouseVersion, environment, configSettings: s } = lhr;
      const t = s.throttling;
      console.log(
        `Lighthouse ${lighthouseVersion}, ${environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chrome'} ` +
          `(${CHROME_PATH}), ${s.formFactor} ${s.screenEmulation.width}x${s.screenEmulation.height}, ` +
          `${s.throttlingMethod} throttling (RTT ${t.rttMs} ms, ${t.throughputKbps} kbps, ` +
          `CPU x${t.cpuSlowdownMultiplier}), benchmarkIndex ${environment.benchmarkIndex}`,
      );
      console.log(
        `${url}\n${media ? 'with logo, hosted video and job image' : 'without media (--no-media)'}; ` +
          `HTML ${Buffer.byteLength(html)} bytes`,
      );
    }
    console.log(row(`run ${i + 1}`, figures(lhr)));
    const outside = outsideRequests(lhr, base);
    if (outside.length > 0) console.log(`  requests that left ${base}: ${outside.join(', ')}`);
  }

  const all = results.map(figures);
  const median = Object.fromEntries(Object.keys(all[0]).map((k) => [k, medianOf(all.map((f) => f[k]))]));
  console.log(row('median', median));

  // Lighthouse's own pick of the most typical run (closest to the median FCP and TTI) for the details.
  const typical = computeMedianRun(results);
  const failed = failedPerformanceAudits(typical);
  if (failed.length > 0) {
    console.log(`performance audits below 0.9 in run ${results.indexOf(typical) + 1} (the median run):`);
    for (const a of failed)
      console.log(`  ${a.score.toFixed(2)}  ${a.title}${a.display ? ` — ${a.display}` : ''}`);
  }
  if (args.json) {
    writeFileSync(args.json, JSON.stringify(typical, null, 2));
    console.log(`median run's report written to ${args.json}`);
  }
} finally {
  await stopServer(api);
  rmSync(dataDir, { recursive: true, force: true });
}

/** One Lighthouse run in a fresh Chromium (its own profile, so nothing is cached between runs). */
async function runLighthouse(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    await chrome.kill();
  }
}

function figures(lhr) {
  const score = (id) => Math.round(lhr.categories[id].score * 100);
  const metric = (id) => lhr.audits[id].numericValue;
  return {
    performance: score('performance'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcp: metric('first-contentful-paint'),
    si: metric('speed-index'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
  };
}

function row(name, f) {
  const ms = (v) => `${Math.round(v).toLocaleString('en-GB')} ms`;
  return (
    `${name.padEnd(7)} performance ${String(f.performance).padStart(3)}   LCP ${ms(f.lcp).padStart(8)}   ` +
    `TBT ${ms(f.tbt).padStart(6)}   CLS ${f.cls.toFixed(3)}   FCP ${ms(f.fcp).padStart(8)}   ` +
    `SI ${ms(f.si).padStart(8)}   accessibility ${f.accessibility}   SEO ${f.seo}   best practices ${f.bestPractices}`
  );
}

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** URLs the page asked for outside the local server (none expected: nothing may come from the internet). */
function outsideRequests(lhr, base) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items
    .map((item) => item.url)
    .filter((u) => /^https?:/i.test(u) && new URL(u).origin !== new URL(base).origin);
}

/** The performance audits (not the metrics) that failed, worst first, with what Lighthouse says they cost. */
function failedPerformanceAudits(lhr) {
  return lhr.categories.performance.auditRefs
    .filter((ref) => ref.group !== 'metrics')
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a) => a.score !== null && a.score < 0.9 && !['notApplicable', 'manual'].includes(a.scoreDisplayMode),
    )
    .sort((a, b) => a.score - b.score)
    .map((a) => ({ score: a.score, title: a.title, display: a.displayValue }));
}

/**
 * The company's career page as an employer fills it in: a 1440x260 banner, the about, why-work-here and
 * benefits texts, a quote, statistics, the video, latest jobs, socials, and an employee story with the video.
 */
async function makeCompanyPage(db, { companyId, media, videoAssetId }) {
  let bannerId = null;
  if (media) {
    const bannerKey = `uploads/public/${companyId}/${randomUUID()}.jpg`;
    store(media.banner, bannerKey, 'image/jpeg');
    const [banner] = await db
      .insert(imageAssets)
      .values({
        companyId,
        title: 'Banner',
        fileName: 'banner.jpg',
        url: bannerKey,
        width: 1440,
        height: 260,
      })
      .returning();
    bannerId = banner.id;
  }
  const [page] = await db
    .insert(companyPages)
    .values({
      companyId,
      bannerImageId: bannerId,
      stats: { foundingYear: 2011, employees: 86, gender: { male: 38, female: 48 } },
    })
    .returning();
  const text = 'We roast our own beans, train every barista ourselves and promote from within. ';
  const blocks = [
    {
      pageType: 'WHY_JOIN',
      type: 'TEXT_AREA',
      infoType: 'ABOUT_COMPANY',
      header: 'About Bench Coffee',
      content: text.repeat(3),
    },
    {
      pageType: 'WHY_JOIN',
      type: 'QUOTE',
      content: 'The friendliest team I have worked with.',
      author: 'Sam, barista',
    },
    ...(videoAssetId ? [{ pageType: 'WHY_JOIN', type: 'VIDEO_ASSET', videoAssetId }] : []),
    {
      pageType: 'WHY_JOIN',
      type: 'TEXT_AREA',
      infoType: 'WHY_WORK_HERE',
      header: 'Why work here',
      content: text.repeat(2),
    },
    { pageType: 'WHY_JOIN', type: 'STATISTIC' },
    { pageType: 'WHY_JOIN', type: 'LATEST_JOBS' },
    { pageType: 'WHY_JOIN', type: 'SOCIALS' },
    { pageType: 'BENEFITS', type: 'TEXT_AREA', infoType: 'BENEFITS', header: 'Benefits', content: text },
    {
      pageType: 'STORIES',
      type: 'TESTIMONIAL_CARD',
      personName: 'Maya Okafor',
      slug: 'maya-okafor',
      title: 'Head roaster',
      quoteText: 'I started on the bar and now run the roastery.',
      storyVideoId: videoAssetId,
      text: { ops: [{ insert: `${text.repeat(4)}\n` }] },
    },
  ];
  await db
    .insert(companyPageBlocks)
    .values(blocks.map((b, i) => ({ ...b, pageId: page.id, companyId, sortOrder: i })));
}

function store(file, key, contentType) {
  const target = join(dataDir, 'storage', key);
  mkdirSync(dirname(target), { recursive: true });
  renameSync(file, target);
  writeFileSync(`${target}.meta`, JSON.stringify({ contentType }));
}

/** The company logo, the job image as a recruiter uploads it (a 1600 px JPEG, kept as is by the server), and a
 *  10 s 720p clip with its 480p rendition and 640 px poster, as the video pipeline makes them. */
async function makeMedia(dir) {
  mkdirSync(dir, { recursive: true });
  const out = (name) => join(dir, name);
  // prettier-ignore
  await ffmpeg([
    '-f', 'lavfi', '-i', 'color=c=0x6b3e26:s=256x256',
    '-vf', 'drawbox=x=64:y=64:w=128:h=128:color=0xf4e1c1:t=fill', '-frames:v', '1', out('logo.png'),
  ]);
  // prettier-ignore
  await ffmpeg([
    '-f', 'lavfi', '-i', 'mandelbrot=s=1600x1066', '-vf', 'noise=alls=8:allf=t',
    '-frames:v', '1', '-q:v', '4', out('image.jpg'),
  ]);
  // prettier-ignore
  await ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:r=30:d=10', '-f', 'lavfi', '-i', 'sine=f=440:d=10',
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', out('720p.mp4'),
  ]);
  // prettier-ignore
  await ffmpeg([
    '-i', out('720p.mp4'), '-vf', 'scale=-2:480', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23',
    '-c:a', 'copy', '-movflags', '+faststart', out('480p.mp4'),
  ]);
  // prettier-ignore
  await ffmpeg([
    '-ss', '1', '-i', out('720p.mp4'), '-frames:v', '1', '-vf', 'scale=640:-2',
    '-c:v', 'libwebp', '-quality', '75', out('poster.webp'),
  ]);
  // prettier-ignore
  await ffmpeg([
    '-f', 'lavfi', '-i', 'gradients=s=1440x260:c0=0x6b3e26:c1=0xf4e1c1', '-frames:v', '1', '-q:v', '4',
    out('banner.jpg'),
  ]);
  return {
    banner: out('banner.jpg'),
    logo: out('logo.png'),
    image: out('image.jpg'),
    mp4_720p: out('720p.mp4'),
    mp4: out('480p.mp4'),
    poster: out('poster.webp'),
  };
}

function ffmpeg(argv) {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-v', 'error', '-y', ...argv], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', (err) =>
      reject(new Error(`ffmpeg could not run (${err.message}): install it, or pass --no-media`)),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`))));
  });
}
