import { describe, expect, it } from 'vitest';
import { findUnstorableText, isStorableText } from '../src/text.ts';

describe('isStorableText', () => {
  it('accepts any well-formed text, emoji and all', () => {
    for (const text of ['', 'Grace Hopper', 'Zoë Ørsted — 東京', '👩‍🍳 chef 🇬🇧', '\t\n\r\u0001\uFFFD'])
      expect(isStorableText(text), text).toBe(true);
  });

  it('refuses U+0000 and lone surrogates, wherever they are', () => {
    for (const text of ['\u0000', 'a\u0000', '\ud800', 'a\ud83d', '\udc00b', '\ude00\ud83d', 'ok 👩\ud800'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });
});

describe('findUnstorableText', () => {
  it('answers the path of the bad string or key in a parsed input', () => {
    expect(findUnstorableText({ email: 'a@b.c', names: ['Ada', 'Lo\u0000'] })).toBe('names.1');
    expect(findUnstorableText({ ops: [{ attributes: { ['b\u0000']: true } }] })).toBe(
      'ops.0.attributes.b\uFFFD',
    );
    expect(findUnstorableText('\ud800')).toBe('');
    const query = Object.assign(Object.create(null) as object, { q: 'x\u0000' });
    expect(findUnstorableText(query)).toBe('q');
  });

  it('answers null for clean input, numbers, booleans, null and raw bytes', () => {
    expect(findUnstorableText({ a: 1, b: [true, null, 'ok'], c: { d: 'é' } })).toBeNull();
    expect(findUnstorableText(undefined)).toBeNull();
    expect(findUnstorableText(new Uint8Array([0, 0xd8, 0]))).toBeNull();
  });

  it('walks any depth without running out of stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toBe(Array(100_000).fill('0').join('.'));
  });
});
