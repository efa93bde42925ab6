import { afterEach, beforeEach, vi } from 'vitest';

// CONVENTIONS.md: console.error during a test fails it.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length > 0)
    throw new Error(`console.error was called: ${calls.map((c: unknown[]) => String(c[0])).join('\n')}`);
});
