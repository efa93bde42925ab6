// Web and site layering (docs/layers.md, "Web and site"). Owned by the front-end side; the server and the
// packages have their own block in ./layers-server.js. Both only set `import-x/*` rules for their own files, so
// the two blocks never overwrite each other's rule options.
//
// Each front end, lowest first: lib/ <- components/ <- features/<area>/ <- app/ <- the entry points
// (web: main.tsx; site: entry-client.tsx, entry-server.tsx). test/ holds test data and helpers and sits beside
// components/. A feature never imports another feature: what two features share moves down into components/,
// lib/ or test/ (or into packages/domain when it is framework-free).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

const featuresOf = (src) =>
  readdirSync(join(root, src, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The zones of one front end whose source lives in `src` and whose entry points are `entries`. */
function frontEndZones({ src, entries }) {
  // One glob for the entry points (a zone's `from` is all globs or none).
  const entryFiles = [`${src}/@(${entries.join('|')})`];
  return [
    {
      target: `${src}/lib/**`,
      from: [`${src}/components/**`, `${src}/features/**`, `${src}/app/**`, ...entryFiles],
      message:
        'lib/ is the lowest layer: it imports only lib/ (docs/layers.md). Move what it needs down into lib/.',
    },
    {
      target: [`${src}/components/**`, `${src}/test/**`],
      from: [`${src}/features/**`, `${src}/app/**`, ...entryFiles],
      message:
        'components/ and test/ are shared by the features: they never import a feature or app/ (docs/layers.md). Move the shared part down here instead.',
    },
    {
      target: `${src}/features/**`,
      from: [`${src}/app/**`, ...entryFiles],
      message:
        'A feature never imports app/ (the composition root imports the features, not the other way round; docs/layers.md). Move what it needs into lib/ or components/.',
    },
    {
      target: `${src}/app/**`,
      from: entryFiles,
      message: 'app/ never imports an entry point (docs/layers.md).',
    },
    ...featuresOf(src).map((name) => ({
      target: `${src}/features/!(${name})/**`,
      from: `${src}/features/${name}/**`,
      message: `Features never import another feature (here: features/${name}). Move the shared part into components/, lib/ or test/ (docs/layers.md).`,
    })),
  ];
}

const web = 'apps/web/src';
const site = 'apps/site/src';

// The apps never import one another's code; the one exception is the fetch stand-in of the component tests,
// which both front ends share from the web app's test/ (apps/site's tsconfig references apps/web for it).
const [webAppZone, ...siteAppZones] = [
  {
    target: 'apps/web/**',
    from: ['apps/site/**', 'apps/server/**'],
    message: 'An app never imports another app: share through packages/ (docs/layers.md).',
  },
  {
    target: 'apps/site/**',
    from: 'apps/web',
    except: ['./src/test/mock-api.ts'],
    message:
      'An app never imports another app (only apps/web/src/test/mock-api.ts is shared, by the component tests): share through packages/ (docs/layers.md).',
  },
  {
    target: 'apps/site/**',
    from: 'apps/server/**',
    message: 'An app never imports another app: share through packages/ (docs/layers.md).',
  },
];

const cycle = ['error', { ignoreExternal: true }];

export const webLayers = [
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...frontEndZones({ src: web, entries: ['main.tsx'] }), webAppZone] },
      ],
      'import-x/no-cycle': cycle,
    },
  },
  {
    files: ['apps/site/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...frontEndZones({ src: site, entries: ['entry-client.tsx', 'entry-server.tsx'] }),
            ...siteAppZones,
          ],
        },
      ],
      'import-x/no-cycle': cycle,
    },
  },
];
