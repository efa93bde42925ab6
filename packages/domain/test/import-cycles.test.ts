import { describe, expect, it } from 'vitest';

// Vite's static glob (vitest runs through Vite); declared here so that domain stays free of Node and Vite types.
declare global {
  interface ImportMeta {
    glob: (
      pattern: string,
      options: { query: '?raw'; import: 'default'; eager: true },
    ) => Record<string, string>;
  }
}

// ARCHITECTURE.md: domain is imported by all and imports nothing of ours; within it, no module may import
// itself through others (a circle makes the evaluation order decide which constant is still undefined).
// Type-only imports count too: a circle of types is the same knot, one refactor away from a runtime one.
const SOURCES = import.meta.glob('../src/*.ts', { query: '?raw', import: 'default', eager: true });

/** The graph of relative imports and re-exports between the modules (file name → source text). */
export function importGraph(sources: Record<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [path, text] of Object.entries(sources)) {
    const file = path.split('/').pop()!;
    const targets = [
      ...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s*['"]\.\/([\w.-]+)['"]/gm),
      ...text.matchAll(/\bimport\(\s*['"]\.\/([\w.-]+)['"]\s*\)/g),
    ].map((m) => m[1]!);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle of the graph, each as the path that closes it (a → b → a), found by depth-first search. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('packages/domain imports', () => {
  it('finds a circle when there is one (the check itself)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(
      findCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads imports, type imports, re-exports and dynamic imports', () => {
    const graph = importGraph(SOURCES);
    expect(graph.size).toBeGreaterThan(30);
    expect(graph.get('application.ts')).toEqual(
      expect.arrayContaining(['application-status.ts', 'screening.ts']),
    );
    expect(graph.get('screening.ts')).toEqual(expect.arrayContaining(['application-status.ts']));
  });

  it('has no import circle', () => {
    const cycles = findCycles(importGraph(SOURCES)).map((c) => c.join(' → '));
    expect(cycles).toEqual([]);
  });
});
