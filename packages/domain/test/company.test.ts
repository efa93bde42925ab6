import { describe, expect, it } from 'vitest';
import {
  ZCompany,
  ZCreateCompanyRequest,
  ZLocation,
  ZSocialLink,
  ZUpdateCompanyRequest,
} from '../src/company.ts';
import { INDUSTRIES, SOCIAL_TYPES } from '../src/constants.ts';
import { messages } from '../src/messages.ts';

const valid = {
  name: 'Acme',
  industry: 'Technology',
  description: 'We make things.',
  location: { city: 'London', country: 'United Kingdom' },
};
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('ZCreateCompanyRequest (spec 1 §5 Company)', () => {
  it('accepts the required fields and trims text', () => {
    const parsed = ZCreateCompanyRequest.parse({ ...valid, name: '  Acme  ', description: ' Bio ' });
    expect(parsed).toMatchObject({ name: 'Acme', description: 'Bio' });
  });

  it.each([
    ['name', 'Please fill the required field: Name'],
    ['industry', 'Please fill the required field: Industry'],
    ['description', 'Please fill the required field: Bio'],
    ['location', messages.locationRequired],
  ])('requires %s', (field, message) => {
    const input: Record<string, unknown> = { ...valid };
    delete input[field];
    expect(firstMessage(ZCreateCompanyRequest.safeParse(input))).toBe(message);
  });

  it('limits the name to 90 characters', () => {
    expect(ZCreateCompanyRequest.safeParse({ ...valid, name: 'n'.repeat(90) }).success).toBe(true);
    expect(firstMessage(ZCreateCompanyRequest.safeParse({ ...valid, name: 'n'.repeat(91) }))).toBe(
      'Company name must be at most 90 characters',
    );
  });

  it('keeps the bio under 256 characters', () => {
    expect(ZCreateCompanyRequest.safeParse({ ...valid, description: 'b'.repeat(255) }).success).toBe(true);
    const tooLong = ZCreateCompanyRequest.safeParse({ ...valid, description: 'b'.repeat(256) });
    expect(firstMessage(tooLong)).toBe('Whoops - the bio should be less than 256 characters');
  });

  it('accepts exactly the 24 industries', () => {
    expect(INDUSTRIES).toHaveLength(24);
    for (const industry of INDUSTRIES) {
      expect(ZCreateCompanyRequest.safeParse({ ...valid, industry }).success, industry).toBe(true);
    }
    expect(ZCreateCompanyRequest.safeParse({ ...valid, industry: 'technology' }).success).toBe(false);
    expect(ZCreateCompanyRequest.safeParse({ ...valid, industry: 'Mining' }).success).toBe(false);
  });

  it('validates colours and turns an empty colour into null (reset to the default)', () => {
    const ok = ZCreateCompanyRequest.parse({ ...valid, primaryColor: ' #fff ', backgroundColor: '' });
    expect(ok.primaryColor).toBe('#fff');
    expect(ok.backgroundColor).toBeNull();
    for (const bad of ['#ggg', 'blurple', 'rgb(1,2)', '12345']) {
      expect(firstMessage(ZCreateCompanyRequest.safeParse({ ...valid, primaryColor: bad })), bad).toBe(
        'The colour you entered is invalid.',
      );
    }
  });

  it('validates social links', () => {
    const ok = ZCreateCompanyRequest.parse({
      ...valid,
      info: [{ type: 'website', value: ' https://acme.example.com ' }],
    });
    expect(ok.info).toEqual([{ type: 'website', value: 'https://acme.example.com' }]);
    for (const link of [
      { type: 'website', value: 'acme' },
      { type: 'twitter', value: 'ftp://x.example.com' },
      { type: 'bebo', value: 'https://bebo.com' },
    ]) {
      expect(firstMessage(ZCreateCompanyRequest.safeParse({ ...valid, info: [link] }))).toBe(
        'Looks like the link you entered is invalid.',
      );
    }
    expect(SOCIAL_TYPES).toEqual([
      'website',
      'linkedin',
      'facebook',
      'twitter',
      'instagram',
      'youtube',
      'tiktok',
      'pinterest',
      'glassdoor',
    ]);
  });

  it('refuses unknown fields', () => {
    expect(ZCreateCompanyRequest.safeParse({ ...valid, isAgency: true }).success).toBe(false);
  });
});

describe('ZLocation', () => {
  it('needs a country: Please fill the required field: Location', () => {
    expect(firstMessage(ZLocation.safeParse({ city: 'Leeds' }))).toBe(
      'Please fill the required field: Location',
    );
    expect(firstMessage(ZLocation.safeParse({ city: 'Leeds', country: '  ' }))).toBe(
      'Please fill the required field: Location',
    );
    expect(firstMessage(ZLocation.safeParse('London'))).toBe('Please fill the required field: Location');
    expect(ZLocation.parse({ country: 'France' })).toEqual({ country: 'France' });
  });
});

describe('ZUpdateCompanyRequest (spec 1 §7 PATCH /company/{id})', () => {
  it('accepts any subset, with the same rules', () => {
    expect(ZUpdateCompanyRequest.parse({})).toEqual({});
    expect(ZUpdateCompanyRequest.parse({ backgroundColor: '' })).toEqual({ backgroundColor: null });
    expect(firstMessage(ZUpdateCompanyRequest.safeParse({ description: 'x'.repeat(256) }))).toBe(
      messages.bioTooLong,
    );
    expect(firstMessage(ZUpdateCompanyRequest.safeParse({ name: '' }))).toBe(
      'Please fill the required field: Name',
    );
  });
});

describe('ZCompany', () => {
  it('describes the answer shape', () => {
    const company = {
      _id: 'id',
      name: 'Acme',
      slug: 'acme',
      industry: 'Technology',
      description: 'Bio',
      location: { country: 'UK' },
      logo: null,
      primaryColor: '#44504B',
      backgroundColor: '#FFFFFF',
      isAgency: false,
      isRedirectJobs: false,
      activeJobs: 0,
      info: [],
      createdAt: new Date(0).toISOString(),
      agency: null,
      letters: [],
      texauLoading: false,
    };
    expect(ZCompany.parse(company)).toEqual(company);
    expect(ZCompany.safeParse({ ...company, _id: undefined }).success).toBe(false);
  });
});

describe('ZSocialLink', () => {
  it('takes one of the nine types with a web link', () => {
    for (const type of SOCIAL_TYPES) {
      expect(ZSocialLink.safeParse({ type, value: 'https://example.com/acme' }).success, type).toBe(true);
    }
    expect(ZSocialLink.safeParse({ type: 'linkedin', value: 'linkedin.com/acme' }).success).toBe(false);
  });
});
