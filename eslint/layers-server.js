// Server and packages layering (docs/layers.md, decision 027). Owned by the server side; the web and the
// site have their own block in ./layers-web.js. Both only add `import-x/*` rules for their own files, so
// the two blocks never overwrite each other's rule options.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hirecastPlugin } from './module-cycles.js';

const root = join(import.meta.dirname, '..');
const src = 'apps/server/src';

// Every folder under modules/ is a module; its published face is its index.ts.
const modules = readdirSync(join(root, src, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The composition root: the entry points beside config.ts and src/composition/.
const appLayer = [`${src}/!(config).ts`, `${src}/composition/**`];

const layerZones = [
  {
    target: `${src}/config.ts`,
    from: [`${src}/lib/**`, `${src}/plugins/**`, `${src}/modules/**`, ...appLayer],
    message: 'config.ts is the lowest server layer: it imports no other server file (docs/layers.md).',
  },
  {
    target: `${src}/lib/**`,
    from: [`${src}/plugins/**`, `${src}/modules/**`, ...appLayer],
    message: 'lib/ imports only config.ts and lib/ (docs/layers.md): move what it needs down into lib/.',
  },
  {
    target: `${src}/plugins/**`,
    from: [`${src}/modules/**`, ...appLayer],
    message:
      'plugins/ imports only config.ts, lib/ and plugins/ (docs/layers.md): wiring of modules belongs in the composition root (src/composition/).',
  },
  {
    target: `${src}/modules/**`,
    from: appLayer,
    message: 'modules/ never imports the composition root (docs/layers.md).',
  },
];

const moduleFaceZones = modules.map((name) => ({
  target: `${src}/modules/!(${name})/**`,
  from: `${src}/modules/${name}`,
  except: ['./index.ts'],
  message: `Another module is reached only through its published face: import '../${name}/index.ts' (add the export there).`,
}));

// The composition root too reaches a module only through its index.ts (issue 36 item 5).
const rootFaceZones = modules.map((name) => ({
  target: appLayer,
  from: `${src}/modules/${name}`,
  except: ['./index.ts'],
  message: `The composition root reaches a module only through its published face: import './modules/${name}/index.ts' (add the export there).`,
}));

const packageZones = [
  {
    target: 'packages/**',
    from: ['apps/**'],
    message: 'packages/ never imports an app (docs/layers.md).',
  },
];

export const serverLayers = [
  {
    files: [`${src}/**/*.ts`],
    plugins: { hirecast: hirecastPlugin },
    rules: {
      'hirecast/no-module-cycle': ['error', { modulesDir: join(root, src, 'modules') }],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: [...layerZones, ...moduleFaceZones, ...rootFaceZones] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: packageZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
