import { describe, expect, it } from 'vitest';
import { jobMessages } from '../src/job-messages.ts';
import { applyRedirectRules, type TRedirectFields } from '../src/redirect-rules.ts';

const off: TRedirectFields = {
  customApplication: false,
  customApplicationURL: null,
  isExternalATSValidation: false,
};
const on: TRedirectFields = {
  customApplication: true,
  customApplicationURL: 'https://ats.example.com/apply',
  isExternalATSValidation: true,
};
const missing = { ok: false, message: jobMessages.redirectUrlMissing };

describe('applyRedirectRules (spec 1 §4 Redirect candidates)', () => {
  it('refuses turning the redirect on without a link', () => {
    expect(applyRedirectRules(off, { customApplication: true })).toMatchObject({
      ...missing,
      field: 'customApplicationURL',
    });
    expect(applyRedirectRules(off, { customApplication: true, customApplicationURL: '   ' })).toMatchObject(
      missing,
    );
  });

  it('turns the redirect on with a link (trimmed)', () => {
    expect(
      applyRedirectRules(off, {
        customApplication: true,
        customApplicationURL: ' https://ats.example.com/x ',
      }),
    ).toEqual({
      ok: true,
      value: {
        customApplication: true,
        customApplicationURL: 'https://ats.example.com/x',
        isExternalATSValidation: false,
      },
    });
  });

  it('keeps a link typed while the redirect is off', () => {
    expect(applyRedirectRules(off, { customApplicationURL: 'https://ats.example.com/x' })).toEqual({
      ok: true,
      value: {
        customApplication: false,
        customApplicationURL: 'https://ats.example.com/x',
        isExternalATSValidation: false,
      },
    });
  });

  it('clearing the link turns the redirect off and clears the validation flag', () => {
    expect(applyRedirectRules(on, { customApplicationURL: '' })).toEqual({ ok: true, value: off });
    expect(applyRedirectRules(on, { customApplicationURL: null })).toEqual({ ok: true, value: off });
  });

  it('refuses clearing the link while explicitly keeping the redirect on', () => {
    expect(applyRedirectRules(on, { customApplication: true, customApplicationURL: '' })).toMatchObject(
      missing,
    );
  });

  it('turning the redirect off clears the validation flag and keeps the link', () => {
    expect(applyRedirectRules(on, { customApplication: false })).toEqual({
      ok: true,
      value: {
        customApplication: false,
        customApplicationURL: on.customApplicationURL,
        isExternalATSValidation: false,
      },
    });
  });

  it('external ATS validation requires the redirect and a link', () => {
    expect(applyRedirectRules(off, { isExternalATSValidation: true })).toMatchObject({
      ...missing,
      field: 'isExternalATSValidation',
    });
    const withRedirect = { ...on, isExternalATSValidation: false };
    expect(applyRedirectRules(withRedirect, { isExternalATSValidation: true })).toEqual({
      ok: true,
      value: on,
    });
    expect(applyRedirectRules(withRedirect, { isExternalATSValidation: false })).toEqual({
      ok: true,
      value: withRedirect,
    });
  });

  it('changes nothing for an empty patch', () => {
    expect(applyRedirectRules(on, {})).toEqual({ ok: true, value: on });
    expect(applyRedirectRules(off, {})).toEqual({ ok: true, value: off });
  });
});
