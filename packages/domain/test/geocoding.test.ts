import { describe, expect, it } from 'vitest';
import { geocodeLabel, ZGeocodeQuery } from '../src/geocoding.ts';
import { jobMessages } from '../src/job-messages.ts';

describe('ZGeocodeQuery (spec 1 §5 Location autocomplete)', () => {
  it("needs 3 characters after trimming: 'Please type in at least 3 symbols'", () => {
    for (const q of [undefined, '', 'ab', '  ab  ']) {
      expect(ZGeocodeQuery.safeParse({ q }).error?.issues[0]?.message).toBe(jobMessages.locationMinChars);
    }
    expect(ZGeocodeQuery.parse({ q: ' abc ' })).toEqual({ q: 'abc', limit: 10 });
  });

  it('takes a limit from 1 to 10 from the query string', () => {
    expect(ZGeocodeQuery.parse({ q: 'Leeds', limit: '3' }).limit).toBe(3);
    expect(ZGeocodeQuery.safeParse({ q: 'Leeds', limit: '11' }).success).toBe(false);
    expect(ZGeocodeQuery.safeParse({ q: 'Leeds', limit: '0' }).success).toBe(false);
  });
});

describe('geocodeLabel', () => {
  it('joins the distinct parts, most specific first', () => {
    expect(geocodeLabel({ city: 'Leeds', county: 'England', country: 'United Kingdom' })).toBe(
      'Leeds, England, United Kingdom',
    );
    expect(geocodeLabel({ city: 'Monaco', county: 'monaco', country: 'Monaco' })).toBe('Monaco');
    expect(geocodeLabel({ county: 'Kent', country: 'United Kingdom' })).toBe('Kent, United Kingdom');
  });
});
