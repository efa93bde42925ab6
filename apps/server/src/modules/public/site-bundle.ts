import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { TSitePage } from '@hirecast/domain/site-page';
import { escapeHtml, type TDocumentAssets } from './html.ts';

// The site's build (apps/site, Vite SSR): dist/client holds the browser files with Vite's manifest, served at
// SITE_BASE; dist/server/entry-server.js renders a page to the markup inside #root.
export const SITE_BASE = '/site/';
export const SITE_CLIENT_ENTRY = 'src/entry-client.tsx';
/**
 * The pages whose code the site loads on its own (React.lazy in apps/site/src/app/app.tsx), by page kind. Their
 * chunks are preloaded with the entry, so the page hydrates as soon as the entry runs: until the chunk is in,
 * the server's buttons have no handlers and a candidate's click would be lost.
 */
export const SITE_LAZY_PAGES: Partial<Record<TSitePage['kind'], string>> = {
  interview: 'src/features/interview/components/interview-page.tsx',
  'interview-review': 'src/features/interview-review/components/review-page.tsx',
};

// The contract is a string; a promise of one (a streaming renderer collected) is awaited all the same.
export type TSiteRender = (page: TSitePage) => string | Promise<string>;
export type TSiteBundle = { render: TSiteRender; assetsFor: (kind: TSitePage['kind']) => TDocumentAssets };

const ZManifest = z.record(
  z.string(),
  z.object({
    file: z.string(),
    css: z.array(z.string()).optional(),
    imports: z.array(z.string()).optional(),
  }),
);
type TManifest = z.infer<typeof ZManifest>;

/**
 * The entry's stylesheets (its own and its imports'), module preloads and script tag; `lazy` adds a module the
 * entry imports dynamically (a page's own code) to the preloads, with its imports and stylesheets.
 */
export function manifestAssets(
  manifest: TManifest,
  entry = SITE_CLIENT_ENTRY,
  lazy?: string,
): TDocumentAssets {
  const chunk = manifest[entry];
  if (!chunk) throw new Error(`the site manifest has no entry ${entry}`);
  const css = new Set<string>();
  const preloads = new Set<string>();
  const seen = new Set<string>();
  const walk = (key: string, isEntry: boolean) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = manifest[key];
    if (!c) return;
    c.css?.forEach((file) => css.add(file));
    if (!isEntry) preloads.add(c.file);
    c.imports?.forEach((k) => walk(k, false));
  };
  walk(entry, true);
  if (lazy) walk(lazy, false);
  const href = (file: string) => escapeHtml(`${SITE_BASE}${file}`);
  return {
    head:
      [...css].map((file) => `<link rel="stylesheet" href="${href(file)}">`).join('') +
      [...preloads].map((file) => `<link rel="modulepreload" href="${href(file)}">`).join(''),
    scripts: `<script type="module" src="${href(chunk.file)}"></script>`,
  };
}

/**
 * Loads the build once, on first use, and keeps it. Without a build (tests, a fresh clone before `npm run
 * build`) or with a broken one, `load` answers null and pages are served with the server's fallback body.
 */
export function createSiteBundle({ distDir, log }: { distDir: string; log: FastifyBaseLogger }) {
  let loading: Promise<TSiteBundle | null> | undefined;
  const load = async (): Promise<TSiteBundle | null> => {
    const manifestFile = join(distDir, 'client', '.vite', 'manifest.json');
    const serverEntry = join(distDir, 'server', 'entry-server.js');
    if (!existsSync(manifestFile) || !existsSync(serverEntry)) {
      log.info({ distDir }, 'no site build: job pages use the server-rendered fallback');
      return null;
    }
    try {
      const manifest = ZManifest.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
      const assets = manifestAssets(manifest);
      // A page module missing from the manifest (a renamed file) costs that page its preload, not the build.
      const pageAssets = new Map<string, TDocumentAssets>();
      for (const [kind, module] of Object.entries(SITE_LAZY_PAGES)) {
        if (manifest[module]) pageAssets.set(kind, manifestAssets(manifest, SITE_CLIENT_ENTRY, module));
        else
          log.warn(
            { module },
            'the site manifest has no such page module: its page loads it after the entry',
          );
      }
      const mod = (await import(pathToFileURL(serverEntry).href)) as { render?: unknown };
      if (typeof mod.render !== 'function') throw new Error('entry-server.js exports no render function');
      return {
        render: mod.render as TSiteRender,
        assetsFor: (kind: TSitePage['kind']) => pageAssets.get(kind) ?? assets,
      };
    } catch (err) {
      log.error({ err, distDir }, 'the site build could not be loaded: job pages use the fallback');
      return null;
    }
  };
  return {
    clientDir: join(distDir, 'client'),
    load: () => (loading ??= load()),
  };
}

export type TSiteBundleLoader = ReturnType<typeof createSiteBundle>;
