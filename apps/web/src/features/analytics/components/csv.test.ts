import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(
      toCsv([
        ['Job Title', 'Views'],
        ['Chef, "head"', 3],
        ['=HYPERLINK("x")', null],
      ]),
    ).toBe('Job Title,Views\r\n"Chef, ""head""",3\r\n"\'=HYPERLINK(""x"")",\r\n');
  });
});
