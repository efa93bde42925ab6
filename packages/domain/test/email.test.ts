import { describe, expect, it } from 'vitest';
import { FREE_MAIL_PROVIDERS } from '../src/constants.ts';
import { companyFromEmail, isFreeMailDomain } from '../src/email.ts';
import { isSafeRedirectPath, isWebLink } from '../src/url.ts';

describe('isFreeMailDomain (spec 1 §5)', () => {
  it.each(FREE_MAIL_PROVIDERS.map((p) => `someone@${p}.com`))('treats %s as free mail', (email) => {
    expect(isFreeMailDomain(email)).toBe(true);
  });

  it.each([
    'a@gmail.com',
    'a@yahoo.co.uk',
    'a@me.com',
    'a@GMAIL.COM',
    ' a@hotmail.fr ',
    'a@mail.yahoo.com',
    'a@outlook.de',
    'a@att.net',
  ])('treats %s as free mail', (email) => expect(isFreeMailDomain(email)).toBe(true));

  it.each([
    'a@acme.me',
    'a@acme.com',
    'a@gmailer.com',
    'a@mygmail.com',
    'a@me-and-you.com',
    'a@acme.co.uk',
    'a@bingo.io',
  ])('treats %s as corporate', (email) => expect(isFreeMailDomain(email)).toBe(false));

  it('answers false for a value without a domain', () => {
    expect(isFreeMailDomain('no-at-sign')).toBe(false);
    expect(isFreeMailDomain('')).toBe(false);
  });
});

describe('companyFromEmail (spec 1 §2 create company prefill)', () => {
  it('names the company after the first label of the domain and links the domain', () => {
    expect(companyFromEmail('jane@acme.com')).toEqual({ name: 'Acme', website: 'https://acme.com' });
  });
  it('title-cases dashed and underscored names and keeps sub-domains in the website', () => {
    expect(companyFromEmail('Jane@Blue-Sky_Labs.co.uk')).toEqual({
      name: 'Blue Sky Labs',
      website: 'https://blue-sky_labs.co.uk',
    });
  });
  it('prefills nothing for free mail or a value without a domain', () => {
    expect(companyFromEmail('jane@gmail.com')).toEqual({ name: '', website: '' });
    expect(companyFromEmail('jane')).toEqual({ name: '', website: '' });
  });
});

describe('isSafeRedirectPath (spec 1 §2 saved redirect)', () => {
  it.each(['/', '/jobs', '/jobs/1/edit?tab=team', '/settings?tab=personal#calendarLink'])(
    'accepts %s',
    (path) => {
      expect(isSafeRedirectPath(path)).toBe(true);
    },
  );
  it.each([
    '',
    'jobs',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    null,
    undefined,
    42,
  ])('refuses %s', (path) => expect(isSafeRedirectPath(path)).toBe(false));
});

describe('isWebLink', () => {
  it.each(['https://acme.com', 'http://localhost:3000/x', 'https://cal.example/ada?x=1'])(
    'accepts %s',
    (v) => {
      expect(isWebLink(v)).toBe(true);
    },
  );
  it.each(['', 'acme.com', 'ftp://acme.com', 'https://acme', 'https://acme .com', 'javascript:alert(1)'])(
    'refuses %s',
    (v) => {
      expect(isWebLink(v)).toBe(false);
    },
  );
});
