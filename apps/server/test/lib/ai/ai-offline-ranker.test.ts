import { describe, expect, it } from 'vitest';
import { rankCv, stem, words } from '../../../src/lib/ai/offline-ranker.ts';

// Issue 6 acceptance: the offline scorer — a CV that matches scores higher than one that does not, and the
// reasons name the matched terms.
const requirements = [
  'Experience as Barista',
  'Espresso preparation and latte art',
  'Food hygiene certificate (level 2)',
  'Cash handling and till reconciliation',
];
const matching = `Ada Lovelace. Head barista at Bean There (2021 - present): prepared espresso drinks, poured latte
  art for 300 customers a day, reconciled the tills at close and handled cash. Level 2 Food Hygiene certificate.`;
const unrelated =
  'Grace Hopper. Compiler engineer: designed COBOL, wrote the first compiler, taught at Yale.';

describe('the offline lexical ranker', () => {
  it('scores a matching CV higher than an unrelated one, within 0 to 5 with one decimal', () => {
    const good = rankCv({ jobTitle: 'Barista', requirements, candidateText: matching });
    const bad = rankCv({ jobTitle: 'Barista', requirements, candidateText: unrelated });
    expect(good.score).toBeGreaterThan(bad.score);
    expect(good.score).toBeGreaterThanOrEqual(4);
    expect(bad.score).toBeLessThan(1);
    for (const { score } of [good, bad]) expect(Math.round(score * 10)).toBe(score * 10);
  });

  it('names the requirements met with the words that matched, and the ones missed', () => {
    const result = rankCv({
      jobTitle: 'Barista',
      requirements,
      candidateText: 'Barista. Espresso and latte art every day.',
    });
    expect(result.matched).toEqual([
      { requirement: 'Experience as Barista', terms: ['barista'] },
      { requirement: 'Espresso preparation and latte art', terms: ['espresso', 'latte', 'art'] },
    ]);
    expect(result.missed).toEqual([
      'Food hygiene certificate (level 2)',
      'Cash handling and till reconciliation',
    ]);
    expect(result.summary).toBe('Meets 2 of 4 requirements.');
  });

  it('is deterministic and meets word forms half way (stems, case, accents, dotted names)', () => {
    const input = {
      jobTitle: 'Dev',
      requirements: ['Node.js and TypeScript', 'Café management'],
      candidateText: 'I managed a cafe; NodeJS, typescript.',
    };
    expect(rankCv(input)).toEqual(rankCv(input));
    expect(rankCv(input).score).toBe(5);
    expect(words('Node.js, C++ and C#')).toEqual(['nodejs', 'c++', 'and', 'c#']);
    expect(['cooks', 'cooking', 'cooked'].map(stem)).toEqual(['cook', 'cook', 'cook']);
  });

  it('answers 0 with a clear summary when the job lists nothing to compare with', () => {
    expect(rankCv({ jobTitle: '', requirements: ['and the of'], candidateText: matching })).toEqual({
      score: 0,
      matched: [],
      missed: [],
      summary: 'The job lists no requirements to compare with.',
    });
  });
});
