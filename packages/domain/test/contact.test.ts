import { describe, expect, it } from 'vitest';
import { ZContactRequest } from '../src/contact.ts';

const valid = { name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Hi there' };
const firstMessage = (input: unknown) => {
  const result = ZContactRequest.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('ZContactRequest (spec 1 §5 Contact form)', () => {
  it('trims values and lowercases the email', () => {
    expect(
      ZContactRequest.parse({ name: ' Ada ', email: ' Ada@Example.COM ', subject: ' Hi ', message: ' x ' }),
    ).toEqual({ name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'x' });
  });

  it('drops an empty or missing message', () => {
    expect(ZContactRequest.parse({ ...valid, message: '   ' }).message).toBeUndefined();
    expect(ZContactRequest.parse({ ...valid, message: undefined }).message).toBeUndefined();
  });

  it.each([
    ['name', 'Please fill the required field: Name'],
    ['email', 'Please fill the required field: Email'],
    ['subject', 'Please fill the required field: Subject'],
  ])('requires %s', (field, message) => {
    expect(firstMessage({ ...valid, [field]: undefined })).toBe(message);
    expect(firstMessage({ ...valid, [field]: '   ' })).toBe(message);
  });

  it('rejects an invalid email with the contact form message', () => {
    for (const email of ['ada', 'ada@', 'ada@example', 'a da@example.com']) {
      expect(firstMessage({ ...valid, email }), email).toBe('Please enter a valid email address');
    }
  });

  it('applies the maximum lengths: name 55, email 50, subject 90, message 250', () => {
    expect(firstMessage({ ...valid, name: 'n'.repeat(55) })).toBeNull();
    expect(firstMessage({ ...valid, name: 'n'.repeat(56) })).toBe('Name must be at most 55 characters');
    const email50 = `${'a'.repeat(38)}@example.com`;
    expect(email50).toHaveLength(50);
    expect(firstMessage({ ...valid, email: email50 })).toBeNull();
    expect(firstMessage({ ...valid, email: `a${email50}` })).toBe('Please enter a valid email address');
    expect(firstMessage({ ...valid, subject: 's'.repeat(90) })).toBeNull();
    expect(firstMessage({ ...valid, subject: 's'.repeat(91) })).toBe('Subject must be at most 90 characters');
    expect(firstMessage({ ...valid, message: 'm'.repeat(250) })).toBeNull();
    expect(firstMessage({ ...valid, message: 'm'.repeat(251) })).toBe(
      'Message must be at most 250 characters',
    );
  });
});
