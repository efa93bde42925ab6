import { describe, expect, it } from 'vitest';
import { LETTER_KINDS, LETTER_PLACEHOLDERS, type TLetterValues } from '../src/applicants.ts';
import { CONFIRMATION_SUBJECT, DEFAULT_LETTERS, fillLetter, letterFor } from '../src/letters.ts';

const values: TLetterValues = {
  candidateName: 'Grace Hopper',
  position: 'Head of People',
  company: 'Acme & Sons',
  jobOwner: 'Jane Smith',
  jobTitle: 'Barista',
};

describe('fillLetter', () => {
  it('fills every placeholder, as often as it appears', () => {
    expect(
      fillLetter('{candidateName}, {jobTitle} at {company}. {jobOwner}, {position}. {jobTitle}', values),
    ).toBe('Grace Hopper, Barista at Acme &amp; Sons. Jane Smith, Head of People. Barista');
  });

  it('escapes every value for HTML so a name cannot inject markup', () => {
    const filled = fillLetter('Dear {candidateName}', {
      ...values,
      candidateName: `<b>x</b> "quoted" 'single'`,
    });
    expect(filled).toBe('Dear &lt;b&gt;x&lt;/b&gt; &quot;quoted&quot; &#39;single&#39;');
    expect(filled).not.toContain('<b>');
  });

  it('leaves values as typed for plain text', () => {
    expect(fillLetter('Dear {candidateName}', { candidateName: '<b>x</b>' }, { html: false })).toBe(
      'Dear <b>x</b>',
    );
  });

  it('leaves unknown or unfilled placeholders as they are', () => {
    expect(fillLetter('Hi {candidate} {candidateName} {jobTitle} {', { candidateName: 'Ada' })).toBe(
      'Hi {candidate} Ada {jobTitle} {',
    );
  });

  it('does not fill placeholders that appear inside a value', () => {
    expect(fillLetter('{candidateName} / {company}', { candidateName: '{company}', company: 'Acme' })).toBe(
      '{company} / Acme',
    );
  });
});

describe('DEFAULT_LETTERS', () => {
  it("gives no letter the confirmation's subject, so a rejection never reads as the confirmation again", () => {
    const subjects = LETTER_KINDS.map((kind) => DEFAULT_LETTERS[kind].subject);
    expect(subjects).not.toContain(CONFIRMATION_SUBJECT);
    expect(new Set(subjects).size).toBe(subjects.length);
    expect(DEFAULT_LETTERS.rejection.subject).toBe(
      'An update on your application for {jobTitle} at {company}',
    );
  });

  it('has a subject and a text for every kind, with only known placeholders', () => {
    expect(Object.keys(DEFAULT_LETTERS).sort()).toEqual([...LETTER_KINDS].sort());
    for (const kind of LETTER_KINDS) {
      const { subject, text } = DEFAULT_LETTERS[kind];
      expect(subject.length, kind).toBeGreaterThan(10);
      expect(text, kind).toMatch(/^Dear \{candidateName\},/);
      for (const [, name] of `${subject} ${text}`.matchAll(/\{(\w+)\}/g))
        expect(LETTER_PLACEHOLDERS, `${kind}: {${name}}`).toContain(name);
      const filled = fillLetter(`${subject}\n${text}`, values, { html: false });
      expect(filled, kind).not.toMatch(/\{\w+\}/);
    }
  });

  it('speaks British English', () => {
    const all = Object.values(DEFAULT_LETTERS)
      .map((l) => `${l.subject} ${l.text}`)
      .join(' ');
    expect(all).not.toMatch(/\b(organization|color|favorite|center)\b/i);
  });
});

describe('letterFor', () => {
  it("takes the company's own text and falls back to the default", () => {
    const own = { kind: 'rejection' as const, subject: 'Sorry', text: 'Dear {candidateName}, no.' };
    expect(letterFor('rejection', [own])).toEqual({ subject: 'Sorry', text: own.text });
    expect(letterFor('hire', [own])).toEqual(DEFAULT_LETTERS.hire);
  });
});
