import {
  FIT_SCORE_MAX,
  fitSummary,
  roundFitScore,
  type TFitScore,
  type TScreeningInput,
} from '@hirecast/domain/screening';

// The embedded CV ranker (ARCHITECTURE.md, embedded defaults; issue 6 item 7): lexical and deterministic, so the
// same CV and job always score the same and a person can see why. Each requirement's key words (stop words and
// job-ad filler removed, lightly stemmed) are looked up in the candidate's text; a requirement counts as met
// when at least half of its key words are there, and the score is 5 × the mean share of key words found.

const STOP_WORDS = new Set(
  (
    'a an and or the of to in on for with at by from as is are be been being this that these those it its ' +
    'you your we our us they their will would can could should must may might have has had having do does ' +
    'did not no yes but if so than then too very more most less least any all some such each every other ' +
    'into onto over under about across within without per via etc i me my he she him her them who whom ' +
    'which what when where why how also just only both either neither well ideally preferably including ' +
    // job-ad filler: words every requirement uses, which say nothing about the skill itself
    'experience experienced ability able strong good great excellent solid proven track record knowledge ' +
    'understanding skill skills year years working work worked plus bonus desirable essential required ' +
    'requirement requirements candidate candidates role job team demonstrable familiarity familiar ' +
    'comfortable confident keen willing willingness passion passionate love enjoy least minimum someone ' +
    'person people use using used new'
  ).split(/\s+/),
);

/** Lowercase words of letters, digits, + and # (c++, c#), with dotted names joined (node.js → nodejs). */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/([a-z0-9])\.([a-z0-9])/g, '$1$2')
      .match(/[a-z0-9][a-z0-9+#]*/g) ?? []
  );
}

/**
 * A light suffix stripper: enough for plural, -ing, -ed, -ies and -ment forms to meet (cooks, cooking, cooked →
 * cook; managed, manages, management → manag). A final silent e goes too, so manage meets managed.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d|[+#]/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('ing') && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4) w = undouble(w.slice(0, -2));
  else if (/(ss|sh|ch|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  if (w.endsWith('ment') && w.length > 7) w = w.slice(0, -4);
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}
const undouble = (word: string) => (/([b-df-hj-np-tv-z])\1$/.test(word) ? word.slice(0, -1) : word);

/** A requirement's key words: stem → the word as the job wrote it first. Pure numbers say nothing alone. */
function keyTerms(requirement: string): Map<string, string> {
  const terms = new Map<string, string>();
  for (const word of words(requirement)) {
    if (STOP_WORDS.has(word) || /^\d+$/.test(word) || word.length < 2) continue;
    const key = stem(word);
    if (!terms.has(key)) terms.set(key, word);
  }
  return terms;
}

export function rankCv({ requirements, candidateText }: TScreeningInput): TFitScore {
  const found = new Set(words(candidateText).map(stem));
  const matched: TFitScore['matched'] = [];
  const missed: string[] = [];
  let coverageSum = 0;
  let counted = 0;
  for (const requirement of requirements) {
    const terms = keyTerms(requirement);
    if (terms.size === 0) continue;
    counted += 1;
    const hits = [...terms].filter(([key]) => found.has(key)).map(([, word]) => word);
    const coverage = hits.length / terms.size;
    coverageSum += coverage;
    if (coverage >= 0.5) matched.push({ requirement, terms: hits });
    else missed.push(requirement);
  }
  return {
    score: counted === 0 ? 0 : roundFitScore((FIT_SCORE_MAX * coverageSum) / counted),
    matched,
    missed,
    summary: fitSummary(matched.length, counted),
  };
}
