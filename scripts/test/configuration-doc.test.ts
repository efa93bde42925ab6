import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/configuration.md promises every environment variable the server reads: the keys of the schema in
// apps/server/src/config.ts (its one reader of process.env), each named in backticks on that page.
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('docs/configuration.md', () => {
  it("names every variable of the server's config schema", () => {
    const schema = /const ZEnv = z\.object\(\{([\s\S]*?)\n\}\);/.exec(read('apps/server/src/config.ts'));
    expect(schema).not.toBeNull();
    const variables = [...schema![1].matchAll(/^\s{2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
    expect(variables.length).toBeGreaterThan(40);
    const page = read('docs/configuration.md');
    expect(variables.filter((name) => !page.includes(`\`${name}\``))).toEqual([]);
  });
});
