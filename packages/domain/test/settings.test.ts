import { describe, expect, it } from 'vitest';
import { ZUpdateCompanyRequest } from '../src/company.ts';
import { isCssColor } from '../src/css-color.ts';
import { messages } from '../src/messages.ts';
import {
  calendarLinkError,
  isMobilePhone,
  normalisePhone,
  settingsMessages,
  ZAgencyRequest,
  ZLetterChange,
  ZTexauRequest,
  zCalendarLink,
} from '../src/settings.ts';

const { calendarNotHttps, calendarNotAllowed, phoneInvalid } = settingsMessages;

describe('calendar link allow-list (spec 2 §5 Calendar link)', () => {
  it.each([
    'https://calendly.com/ada-lovelace/30min',
    'https://acme.calendly.com/interview',
    'https://cal.com/ada',
    'https://app.cal.com/team/acme/interview',
    'https://savvycal.com/ada/chat',
    'https://tidycal.com/ada/15',
    'https://acme.youcanbook.me/',
    'https://acme.as.me/interview',
    'https://meetings.hubspot.com/ada',
    'https://meetings-eu1.hubspot.com/ada',
    'https://outlook.office365.com/owa/calendar/Acme@acme.onmicrosoft.com/bookings/',
    'https://outlook.office.com/bookwithme/user/abc123',
    'https://calendar.app.google/Xyz123',
    'https://calendar.google.com/calendar/appointments/schedules/AcZssZ1',
    'https://acme.zohobookings.eu/#/customer/acme',
    '  https://CALENDLY.com/ada  ',
  ])('accepts %s', (link) => {
    expect(calendarLinkError(link)).toBeNull();
  });

  it('clears with an empty or blank value', () => {
    expect(calendarLinkError('')).toBeNull();
    expect(calendarLinkError('   ')).toBeNull();
    expect(zCalendarLink.parse('  ')).toBeNull();
    expect(zCalendarLink.parse(' https://calendly.com/ada ')).toBe('https://calendly.com/ada');
  });

  it.each([
    ['http://calendly.com/ada', calendarNotHttps],
    ['calendly.com/ada', calendarNotHttps],
    ['ftp://calendly.com/ada', calendarNotHttps],
    ['https://localhost/ada', calendarNotHttps],
    ['not a link', calendarNotHttps],
    ['https://example.com/book', calendarNotAllowed],
    ['https://calendly.com.evil.example/ada', calendarNotAllowed],
    ['https://evilcalendly.com/ada', calendarNotAllowed],
    ['https://calendly.com@evil.example/ada', calendarNotAllowed],
    ['https://user:pass@calendly.com/ada', calendarNotAllowed],
    // Google Calendar only on its appointment pages, not any calendar view.
    ['https://calendar.google.com/calendar/r', calendarNotAllowed],
    ['https://calendar.google.com/calendar/embed?src=ada', calendarNotAllowed],
    ['https://calendar.google.com/', calendarNotAllowed],
    // Outlook only on its booking pages.
    ['https://outlook.office.com/mail/inbox', calendarNotAllowed],
  ])('refuses %s', (link, message) => {
    expect(calendarLinkError(link)).toBe(message);
    const parsed = zCalendarLink.safeParse(link);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe('agency phone (spec 2 §5 Agency)', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['(07700) 900-123', '07700900123'],
    [' 0 7 7 0 0 - 9 0 0 - 1 2 3 ', '07700900123'],
    ['+1 (415) 555-0100', '+14155550100'],
  ])('strips spaces, brackets and dashes: %s -> %s', (raw, normalised) => {
    expect(normalisePhone(raw)).toBe(normalised);
    expect(isMobilePhone(raw)).toBe(true);
    expect(ZAgencyRequest.parse({ phone: raw })).toEqual({ phone: normalised });
  });

  it.each([
    '12345',
    '+44 77',
    '0770090012345678',
    '07700 9001 23x',
    'call me',
    '+44+7700900123',
    '07700.900.123',
  ])('refuses %s', (raw) => {
    expect(isMobilePhone(raw)).toBe(false);
    const parsed = ZAgencyRequest.safeParse({ phone: raw });
    expect(parsed.error?.issues[0]?.message).toBe(phoneInvalid);
  });

  it('asks for a phone when it is empty or not text', () => {
    for (const phone of ['', ' () - ', 42]) {
      const parsed = ZAgencyRequest.safeParse({ phone });
      expect(parsed.error?.issues[0]?.message).toBe('Please fill the required field: Phone');
    }
  });

  it('checks the name and email with the spec messages', () => {
    expect(ZAgencyRequest.safeParse({ name: 'x'.repeat(36) }).error?.issues[0]?.message).toBe(
      settingsMessages.agencyNameTooLong,
    );
    expect(ZAgencyRequest.safeParse({ name: '  ' }).error?.issues[0]?.message).toBe(
      'Please fill the required field: Name',
    );
    expect(ZAgencyRequest.safeParse({ email: 'not-an-email' }).error?.issues[0]?.message).toBe(
      settingsMessages.agencyEmailInvalid,
    );
    expect(ZAgencyRequest.parse({ name: ' Agency ', email: ' Jobs@Agency.COM ' })).toEqual({
      name: 'Agency',
      email: 'jobs@agency.com',
    });
    expect(ZAgencyRequest.safeParse({ website: 'x' }).success).toBe(false);
  });
});

describe('colours (spec 1 §5: valid CSS colours; empty resets)', () => {
  it.each([
    '#fff',
    '#44504B',
    '#44504bcc',
    'teal',
    'RebeccaPurple',
    'rgb(10, 20, 30)',
    'hsl(120 50% 50% / .5)',
  ])('accepts %s', (colour) => {
    expect(isCssColor(colour)).toBe(true);
    expect(ZUpdateCompanyRequest.parse({ primaryColor: colour }).primaryColor).toBe(colour.trim());
  });

  it.each(['#12345', '#ggg', 'blurple', 'rgb(1,2)', 'hsl(10, 20, 30)', 'red;background:url(x)', '44504B'])(
    'refuses %s with the spec message',
    (colour) => {
      expect(isCssColor(colour)).toBe(false);
      const parsed = ZUpdateCompanyRequest.safeParse({ backgroundColor: colour });
      expect(parsed.error?.issues[0]?.message).toBe(messages.colourInvalid);
    },
  );

  it('turns an empty colour into null (the default)', () => {
    expect(ZUpdateCompanyRequest.parse({ primaryColor: '', backgroundColor: '  ' })).toEqual({
      primaryColor: null,
      backgroundColor: null,
    });
  });
});

describe('letter changes (the Texts tab)', () => {
  it('takes a subject and a text, or a reset', () => {
    expect(ZLetterChange.parse({ kind: 'hiringSoon', subject: ' Soon ', text: ' Hello ' })).toEqual({
      kind: 'hiringSoon',
      subject: 'Soon',
      text: 'Hello',
    });
    expect(ZLetterChange.parse({ kind: 'hire', reset: true })).toEqual({ kind: 'hire', reset: true });
  });

  it('names the missing part', () => {
    expect(ZLetterChange.safeParse({ kind: 'hire', subject: ' ', text: 'x' }).error?.issues[0]?.message).toBe(
      'Please fill the required field: Subject',
    );
    expect(ZLetterChange.safeParse({ kind: 'hire', subject: 'x', text: '' }).error?.issues[0]?.message).toBe(
      'Please fill the required field: Text',
    );
    expect(ZLetterChange.safeParse({ kind: 'birthday', reset: true }).success).toBe(false);
  });
});

describe('POST /texau link', () => {
  it('accepts http(s) links and refuses anything else with the link message', () => {
    expect(ZTexauRequest.parse({ link: ' https://acme.example.com ' })).toEqual({
      link: 'https://acme.example.com',
    });
    for (const link of ['ftp://acme.example.com', 'javascript:alert(1)', 'acme', 'https://no-dot', '']) {
      expect(ZTexauRequest.safeParse({ link }).error?.issues[0]?.message).toBe(messages.linkInvalid);
    }
  });
});
