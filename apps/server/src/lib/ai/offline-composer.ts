import { locationPhrase, type TAiDescriptionInput, type TAiTone } from '@hirecast/domain/ai-description';
import type { TDelta } from '@hirecast/domain/job';
import { DeltaBuilder } from './delta-builder.ts';
import { rankCv } from './offline-ranker.ts';
import type { TAiService } from './types.ts';

// The embedded AI (ARCHITECTURE.md): a deterministic composer that writes a complete job description from the
// wizard's answers. Same input, same text. Sections follow the editor's default template (spec 1 §2 Job edit
// page): an introduction, Responsibilities, Requirements, Benefits, and a closing line in the chosen tone.

type TVoice = {
  opening: (role: string, where: string) => string;
  about: string;
  responsibilities: string;
  requirements: string;
  benefits: string;
  closing: (title: string, role: string) => string;
};

const at = (where: string) => (where ? ` in ${where}` : '');

const VOICES: Record<TAiTone, TVoice> = {
  fun: {
    opening: (role, where) =>
      `Ready for your next adventure? We're looking for ${role} to join the crew${at(where)}!`,
    about: "Here's a little about us:",
    responsibilities: "Here's what a day in the role looks like:",
    requirements: "You'll fit right in if you have:",
    benefits: "And here's what's in it for you:",
    closing: (title) =>
      `Sounds like your kind of thing? Hit apply, record a quick video and tell us why you'd make a brilliant ${title}!`,
  },
  friendly: {
    opening: (role, where) => `We're looking for ${role} to join our friendly team${at(where)}.`,
    about: 'A bit about us:',
    responsibilities: "Here's what you'll be doing:",
    requirements: "We'd love to hear from you if you have:",
    benefits: "Here's what we offer in return:",
    closing: (title) =>
      `If this sounds like you, we'd love to hear from you. Apply today and tell us why you'd be a great ${title}.`,
  },
  warm: {
    opening: (role, where) => `We'd love to welcome ${role} into our team${at(where)}.`,
    about: 'About us:',
    responsibilities: 'In this role, you will:',
    requirements: 'You will feel at home here if you have:',
    benefits: 'We look after our people, and you can look forward to:',
    closing: (title) =>
      `If you'd like to grow with us as our new ${title}, we would be delighted to hear from you.`,
  },
  welcoming: {
    opening: (role, where) => `Come and join us! We're opening our doors to ${role}${at(where)}.`,
    about: 'Who we are:',
    responsibilities: 'Your day to day will include:',
    requirements: "Whatever your background, we'd love to meet you if you have:",
    benefits: 'Everyone who joins us enjoys:',
    closing: (title) =>
      `Everyone is welcome to apply. Send us your application for the ${title} role and we'll be in touch.`,
  },
  casual: {
    opening: (role, where) => `We need ${role}${at(where)}. Could that be you?`,
    about: 'About us:',
    responsibilities: "What you'll get up to:",
    requirements: "What you'll need:",
    benefits: "What you'll get:",
    closing: (title) => `Fancy it? Apply now and show us what you've got as our next ${title}.`,
  },
  formal: {
    opening: (role, where) => `We are seeking ${role} to join our organisation${at(where)}.`,
    about: 'About the organisation:',
    responsibilities: 'The successful candidate will be responsible for the following:',
    requirements: 'Candidates are expected to demonstrate:',
    benefits: 'The position offers:',
    closing: (title) =>
      `Applications for the position of ${title} are invited from suitably qualified candidates.`,
  },
  professional: {
    opening: (role, where) => `We are looking for ${role} to join our team${at(where)}.`,
    about: 'About us:',
    responsibilities: 'Key responsibilities include:',
    requirements: 'The ideal candidate will have:',
    benefits: 'What we offer:',
    closing: (_title, role) =>
      `If you are ready to take the next step in your career as ${role}, apply today.`,
  },
};

const article = (word: string) => (/^[aeiou]/i.test(word) && !/^(uni|use|eu|one)/i.test(word) ? 'an' : 'a');
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Tidies a title for prose: keeps acronyms and names, trims stray punctuation. */
const tidyTitle = (title: string) =>
  title
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!?,;:]+$/, '');

// Line breaks, semicolons and sentence ends, but not the full stop of an abbreviation ('e.g. a barista').
const SPLIT = /\n+|;\s+|(?<=[.!?])(?<!\b(?:e\.g|i\.e|etc|approx|incl|vs|Mr|Mrs|Ms|Dr|St|no)\.)\s+(?=\S)/i;

/**
 * Splits an answer into list items: one per line, bullet or sentence ("Greet guests. Keep the bar stocked."
 * gives two). Items are trimmed, sentence-cased, without the trailing full stop, and distinct.
 */
export function splitIntoItems(answer: string | undefined): string[] {
  if (!answer?.trim()) return [];
  const items = answer
    .replace(/\r\n?/g, '\n')
    .split(SPLIT)
    .map((item) =>
      item
        .trim()
        .replace(/^([-*+•·–—]|\d+[.)])\s*/, '')
        .replace(/[.;,]+$/, '')
        .trim(),
    )
    .filter((item) => item.length > 0)
    .map(sentenceCase);
  const seen = new Set<string>();
  return items.filter((item) =>
    seen.has(item.toLowerCase()) ? false : (seen.add(item.toLowerCase()), true),
  );
}

/** Joins an answer into prose: sentences sentence-cased, each ending with a full stop. */
export function toProse(answer: string | undefined): string {
  return splitIntoItems(answer)
    .map((s) => (/[.!?]$/.test(s) ? s : `${s}.`))
    .join(' ');
}

export function composeDescription(input: TAiDescriptionInput): TDelta {
  const voice = VOICES[input.tone];
  const title = tidyTitle(input.jobTitle);
  const where = locationPhrase(input.jobLocation);
  const role = `${article(title)} ${title}`;
  const out = new DeltaBuilder();

  out.paragraph([{ text: voice.opening(role, where) }]);
  const about = toProse(input.answer.question4);
  if (about) out.blank().paragraph([{ text: `${voice.about} `, bold: true }, { text: about }]);

  const sections: [string, string, string[]][] = [
    ['Responsibilities', voice.responsibilities, splitIntoItems(input.answer.question1)],
    ['Requirements', voice.requirements, splitIntoItems(input.answer.question2)],
    ['Benefits', voice.benefits, splitIntoItems(input.answer.question3)],
  ];
  for (const [heading, lead, items] of sections) {
    if (items.length === 0) continue;
    out.blank().heading(heading).paragraph(lead);
    for (const item of items) out.listItem(item);
  }
  out.blank().paragraph(voice.closing(title, role));
  return out.build();
}

export function createOfflineAi(): TAiService {
  return {
    kind: 'offline',
    describeJob: async (input) => composeDescription(input),
    scoreCv: async (input) => rankCv(input),
  };
}
