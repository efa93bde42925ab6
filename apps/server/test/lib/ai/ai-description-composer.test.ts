import { describe, expect, it } from 'vitest';
import { ZAiDescriptionRequest, type TAiDescriptionRequest } from '@hirecast/domain/ai-description';
import { AI_TONES, ZDelta, type TDelta } from '@hirecast/domain/job';
import { composeDescription, splitIntoItems, toProse } from '../../../src/lib/ai/offline-composer.ts';
import { markdownToDelta } from '../../../src/lib/ai/markdown-to-delta.ts';

const request: TAiDescriptionRequest = {
  jobTitle: 'Barista',
  jobLocation: { city: 'Leeds', country: 'United Kingdom' },
  answer: {
    question1: 'make espresso drinks to a high standard. Serve customers with a smile.\n- keep the bar clean',
    question2: '1. a year of cafe experience\n2. calm under pressure; happy to work weekends',
    question3: 'Free coffee on shift. 28 days holiday.',
    question4: 'we are an independent roastery. our team of twelve loves good coffee',
  },
  tone: 'friendly',
};
const compose = (overrides: Partial<TAiDescriptionRequest> = {}) =>
  composeDescription(ZAiDescriptionRequest.parse({ ...request, ...overrides }));

/** The Delta as lines with their block format: 'h2:Responsibilities', '-:Keep the bar clean', 'p:...'. */
function lines(delta: TDelta): string[] {
  const out: string[] = [];
  let text = '';
  for (const op of delta.ops) {
    const insert = op.insert as string;
    const attrs = op.attributes ?? {};
    if (insert === '\n' && (attrs.header || attrs.list)) {
      out.push(`${attrs.header ? `h${String(attrs.header)}` : '-'}:${text}`);
      text = '';
      continue;
    }
    const parts = insert.split('\n');
    for (let i = 0; i < parts.length - 1; i++) {
      out.push(`p:${text + parts[i]}`);
      text = '';
    }
    text += parts.at(-1)!;
  }
  return out.filter((l) => l !== 'p:');
}

describe('the offline description composer', () => {
  it('writes the intro, Responsibilities, Requirements and Benefits from the answers, as a valid Delta', () => {
    const delta = compose();
    expect(ZDelta.parse(delta)).toEqual(delta);
    expect(lines(delta)).toEqual([
      "p:We're looking for a Barista to join our friendly team in Leeds, United Kingdom.",
      'p:A bit about us: We are an independent roastery. Our team of twelve loves good coffee.',
      'h2:Responsibilities',
      "p:Here's what you'll be doing:",
      '-:Make espresso drinks to a high standard',
      '-:Serve customers with a smile',
      '-:Keep the bar clean',
      'h2:Requirements',
      "p:We'd love to hear from you if you have:",
      '-:A year of cafe experience',
      '-:Calm under pressure',
      '-:Happy to work weekends',
      'h2:Benefits',
      "p:Here's what we offer in return:",
      '-:Free coffee on shift',
      '-:28 days holiday',
      "p:If this sounds like you, we'd love to hear from you. Apply today and tell us why you'd be a great Barista.",
    ]);
    // The about-us lead is bold; headings carry {header: 2}; list items {list: 'bullet'}.
    expect(delta.ops).toContainEqual({ insert: 'A bit about us: ', attributes: { bold: true } });
    expect(delta.ops).toContainEqual({ insert: '\n', attributes: { header: 2 } });
    expect(delta.ops).toContainEqual({ insert: '\n', attributes: { list: 'bullet' } });
  });

  it.each(AI_TONES)('gives the %s tone its own opening, leads and closing', (tone) => {
    const text = lines(compose({ tone })).join('\n');
    for (const other of AI_TONES.filter((t) => t !== tone)) {
      expect(text).not.toBe(lines(compose({ tone: other })).join('\n'));
    }
    expect(text).toContain('Barista');
    expect(text).toContain('Leeds, United Kingdom');
    expect(text).toMatch(/h2:Responsibilities\n.*\n-:Make espresso drinks/);
    expect(text).not.toMatch(/lorem|ipsum|undefined|null|\{|\}/i);
    // Every prose line starts with a capital and ends like a sentence.
    for (const line of lines(compose({ tone }))) {
      const body = line.slice(line.indexOf(':') + 1);
      expect(body[0]).toMatch(/[A-Z0-9"']/);
      if (line.startsWith('p:')) expect(body).toMatch(/[.!?:]$/);
    }
  });

  it('is deterministic', () => {
    expect(compose({ tone: 'fun' })).toEqual(compose({ tone: 'fun' }));
  });

  it('leaves out a section whose answer is missing and writes no location when none is given', () => {
    const input = ZAiDescriptionRequest.parse(request);
    const delta = composeDescription({
      ...input,
      jobLocation: null,
      answer: { ...input.answer, question2: '  ', question4: '' },
    });
    const text = lines(delta).join('\n');
    expect(text).not.toContain('Requirements');
    expect(text).not.toContain('about us');
    expect(text).toContain('h2:Responsibilities');
    expect(text).toContain('h2:Benefits');
    expect(lines(delta)[0]).toBe("p:We're looking for a Barista to join our friendly team.");
  });

  it('uses "an" before a vowel and accepts the location as text', () => {
    const delta = compose({ jobTitle: 'Office Manager.', jobLocation: 'Manchester', tone: 'professional' });
    expect(lines(delta)[0]).toBe('p:We are looking for an Office Manager to join our team in Manchester.');
    expect(lines(delta).at(-1)).toBe(
      'p:If you are ready to take the next step in your career as an Office Manager, apply today.',
    );
  });
});

describe('splitIntoItems and toProse', () => {
  it('splits on lines, bullets, numbers, semicolons and sentences, and drops repeats', () => {
    expect(splitIntoItems('• one\n* two;  three. Four!\n3) five\nfive')).toEqual([
      'One',
      'Two',
      'Three',
      'Four!',
      'Five',
    ]);
    expect(splitIntoItems('   ')).toEqual([]);
    expect(splitIntoItems('Barista skills, e.g. latte art. Kind')).toEqual([
      'Barista skills, e.g. latte art',
      'Kind',
    ]);
    expect(toProse('we care. we grow')).toBe('We care. We grow.');
  });
});

describe('markdownToDelta', () => {
  it('turns headings, lists, paragraphs and inline styles into Quill blocks', () => {
    const delta = markdownToDelta(
      '# Barista\n\nJoin **our** team and *grow*.\nSee [our site](https://x.test).\n\n## Responsibilities\n- Make coffee\n* Clean\n1. First\n### Small\n---\n',
    );
    expect(delta.ops).toEqual([
      { insert: 'Barista' },
      { insert: '\n', attributes: { header: 2 } },
      { insert: 'Join ' },
      { insert: 'our', attributes: { bold: true } },
      { insert: ' team and ' },
      { insert: 'grow', attributes: { italic: true } },
      { insert: '. See our site.\nResponsibilities' },
      { insert: '\n', attributes: { header: 2 } },
      { insert: 'Make coffee' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'Clean' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'First' },
      { insert: '\n', attributes: { list: 'ordered' } },
      { insert: 'Small' },
      { insert: '\n', attributes: { header: 3 } },
    ]);
  });
});
