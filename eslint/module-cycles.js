// `hirecast/no-module-cycle`: no server module reaches itself through other modules. import-x/no-cycle sees
// files and skips type-only imports, so two modules whose files import each other's faces without closing a
// file circle (applications <-> public-apply once did) pass it; this rule draws the graph of modules/ folders,
// type imports included, and refuses an import that closes a circle of modules.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function moduleOf(modulesDir, file) {
  const rel = relative(modulesDir, file);
  if (rel.startsWith('..') || rel === '') return null;
  const [name, ...rest] = rel.split(sep);
  return rest.length ? name : null;
}

// The graph is read from disk once per lint run (a file's own imports are read from its text, so an edit in
// an editor is seen for the file being linted); refreshed when older than two seconds.
let cache = { at: 0, dir: '', graph: new Map() };
function moduleGraph(modulesDir) {
  if (cache.dir === modulesDir && Date.now() - cache.at < 2000) return cache.graph;
  const graph = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) addEdges(graph, modulesDir, path, readFileSync(path, 'utf8'));
    }
  };
  walk(modulesDir);
  cache = { at: Date.now(), dir: modulesDir, graph };
  return graph;
}

function addEdges(graph, modulesDir, file, text) {
  const from = moduleOf(modulesDir, file);
  if (!from) return;
  if (!graph.has(from)) graph.set(from, new Map());
  for (const [, spec] of text.matchAll(IMPORT)) {
    const to = moduleOf(modulesDir, resolve(dirname(file), spec));
    if (to && to !== from && !graph.get(from).has(to)) graph.get(from).set(to, relative(modulesDir, file));
  }
}

/** A path of modules from `start` to `goal` (both included), or null. */
function findPath(graph, start, goal, skipEdge) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const path = queue.shift();
    const last = path.at(-1);
    for (const next of graph.get(last)?.keys() ?? []) {
      if (skipEdge(last, next)) continue;
      if (next === goal) return [...path, next];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
    }
  }
  return null;
}

const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a circle of imports between the folders of modules/ (type imports count).' },
    schema: [{ type: 'object', properties: { modulesDir: { type: 'string' } }, additionalProperties: false }],
    messages: {
      cycle:
        'modules/{{from}} imports modules/{{to}}, and {{to}} already depends on {{from}} ({{path}}): modules must not import each other in a circle. Move the shared piece into the module that owns it, or down into lib/ (docs/layers.md).',
    },
  },
  create(context) {
    const modulesDir = context.options[0]?.modulesDir;
    const file = context.physicalFilename;
    const own = moduleOf(modulesDir, file);
    if (!own) return {};
    const graph = moduleGraph(modulesDir);
    // This file's own edges, from its current text (the graph on disk may hold an older version of it).
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = moduleOf(modulesDir, resolve(dirname(file), spec));
      if (!to || to === own) return;
      const path = findPath(graph, to, own, () => false);
      if (path) {
        context.report({
          node: node.source,
          messageId: 'cycle',
          data: { from: own, to, path: path.join(' -> ') },
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const hirecastPlugin = { rules: { 'no-module-cycle': noModuleCycle } };
