import { describe, expect, it } from 'vitest';
import { isSafeRedirectPath, isWebLink } from '../src/url.ts';

describe('isWebLink (spec 1 §5 social links)', () => {
  it.each([
    'https://www.linkedin.com/company/acme',
    'http://acme.example.com',
    ' https://acme.co.uk/path?x=1 ',
    'http://localhost:3000',
  ])('accepts %s', (value) => {
    expect(isWebLink(value)).toBe(true);
  });

  it.each([
    '',
    'acme.com',
    'www.acme.com',
    'ftp://acme.com',
    'javascript:alert(1)',
    'https://acme',
    'https://acme .com',
    'https://',
    'mailto:a@b.com',
  ])('refuses %j', (value) => {
    expect(isWebLink(value)).toBe(false);
  });
});

describe('isSafeRedirectPath (spec 1 §2)', () => {
  it('keeps redirects inside the app', () => {
    expect(isSafeRedirectPath('/jobs')).toBe(true);
    expect(isSafeRedirectPath('/jobs/1/edit?tab=2')).toBe(true);
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', 'jobs', 42, undefined]) {
      expect(isSafeRedirectPath(bad), String(bad)).toBe(false);
    }
  });
});
