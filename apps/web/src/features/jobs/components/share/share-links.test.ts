import { describe, expect, it } from 'vitest';
import { jobMessages } from '@hirecast/domain/job-messages';
import { messages } from '@hirecast/domain/messages';
import { addShareEmail, socialShareLinks } from './share-links.ts';

describe('email share list', () => {
  it('adds a trimmed, lowercased email', () => {
    expect(addShareEmail([], '  Ann@Example.com ')).toEqual({ list: ['ann@example.com'] });
  });
  it('rejects duplicates with the spec message', () => {
    expect(addShareEmail(['ann@example.com'], 'ANN@example.com')).toEqual({
      error: jobMessages.duplicateEmail,
    });
  });
  it('rejects invalid and over-long emails', () => {
    expect(addShareEmail([], 'not-an-email')).toEqual({ error: messages.emailInvalid });
    expect(addShareEmail([], `${'a'.repeat(35)}@example.com`)).toEqual({ error: messages.emailInvalid });
  });
  it('stops at three emails', () => {
    const result = addShareEmail(['a@x.io', 'b@x.io', 'c@x.io'], 'd@x.io');
    expect(result).toHaveProperty('error');
  });
});

describe('social share links', () => {
  it('encodes the job URL into each network link', () => {
    const links = socialShareLinks({ url: 'https://h.io/job/a?utm_source=1&x=2', title: 'Chef' });
    expect(links.map((l) => l.name)).toEqual(['LinkedIn', 'Facebook', 'X', 'WhatsApp', 'Email']);
    for (const link of links)
      expect(link.href).toContain(encodeURIComponent('https://h.io/job/a?utm_source=1&x=2'));
  });
});
