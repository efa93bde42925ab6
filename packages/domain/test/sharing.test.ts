import { describe, expect, it } from 'vitest';
import {
  attributeEvent,
  DEFAULT_SHARING_POINTS,
  funnelSource,
  instantRange,
  isReferralToken,
  isTimeZone,
  legacySharerId,
  localClock,
  localDateOf,
  periodRange,
  rewardPoints,
  startOfLocalDate,
  playedVideo,
  watchBand,
  watchedFraction,
  ZLocalDate,
} from '../src/sharing.ts';
import { ZSharingQuery } from '../src/sharing-api.ts';

describe('referral token', () => {
  it('is 12 letters and digits', () => {
    expect(isReferralToken('aB3dE6gH9jK1')).toBe(true);
    expect(isReferralToken('aB3dE6gH9jK')).toBe(false);
    expect(isReferralToken('aB3dE6gH9jK1x')).toBe(false);
    expect(isReferralToken('aB3dE6gH9jK-')).toBe(false);
    expect(isReferralToken(undefined)).toBe(false);
  });
});

describe('points', () => {
  it('weighs each credited event by its rate', () => {
    expect(rewardPoints({ visits: 3, applies: 2, submits: 1 }, DEFAULT_SHARING_POINTS)).toBe(3 + 10 + 20);
    expect(
      rewardPoints({ visits: 3, applies: 2, submits: 1 }, { visit: 0, applied: 1, submitted: 100 }),
    ).toBe(102);
  });
});

describe('periods in a time zone', () => {
  const london = 'Europe/London';
  it('this week starts on Monday (inclusive) and ends the next Monday (exclusive)', () => {
    // Wednesday 2026-03-25 12:00 UTC
    const now = new Date('2026-03-25T12:00:00Z');
    expect(periodRange('this-week', now, london)).toEqual({ startDate: '2026-03-23', endDate: '2026-03-30' });
    expect(periodRange('last-week', now, london)).toEqual({ startDate: '2026-03-16', endDate: '2026-03-23' });
    expect(periodRange('this-month', now, london)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-04-01',
    });
    expect(periodRange('last-month', now, london)).toEqual({
      startDate: '2026-02-01',
      endDate: '2026-03-01',
    });
    expect(periodRange('this-year', now, london)).toEqual({ startDate: '2026-01-01', endDate: '2027-01-01' });
    expect(periodRange('last-year', now, london)).toEqual({ startDate: '2025-01-01', endDate: '2026-01-01' });
    expect(periodRange('all-time', now, london)).toEqual({});
  });

  it('across the spring DST change the week is 167 hours long and starts at local midnight', () => {
    // London moves to BST on Sunday 2026-03-29 at 01:00 UTC.
    const { start, end } = instantRange({ startDate: '2026-03-23', endDate: '2026-03-30' }, london);
    expect(start?.toISOString()).toBe('2026-03-23T00:00:00.000Z');
    expect(end?.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(((end?.getTime() ?? 0) - (start?.getTime() ?? 0)) / 3_600_000).toBe(167);
  });

  it('across the autumn DST change in New York the day has 25 hours', () => {
    const ny = 'America/New_York';
    expect(startOfLocalDate('2026-11-01', ny).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfLocalDate('2026-11-02', ny).toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });

  it('the local date decides the period near midnight, not UTC', () => {
    // 23:30 UTC on 31 March is already 1 April in London (BST) but still 31 March in UTC.
    const now = new Date('2026-03-31T23:30:00Z');
    expect(localDateOf(now, london)).toBe('2026-04-01');
    expect(periodRange('this-month', now, london)).toEqual({
      startDate: '2026-04-01',
      endDate: '2026-05-01',
    });
    expect(periodRange('this-month', now, 'UTC')).toEqual({ startDate: '2026-03-01', endDate: '2026-04-01' });
    // Tokyo: Monday 00:30 local is Sunday 15:30 UTC.
    expect(periodRange('this-week', new Date('2026-03-29T15:30:00Z'), 'Asia/Tokyo')).toEqual({
      startDate: '2026-03-30',
      endDate: '2026-04-06',
    });
  });

  it('January rolls back to December for last month', () => {
    expect(periodRange('last-month', new Date('2026-01-10T10:00:00Z'), london)).toEqual({
      startDate: '2025-12-01',
      endDate: '2026-01-01',
    });
  });

  it('reads the local clock for the digest hour', () => {
    expect(localClock(new Date('2026-07-06T06:00:00Z'), london)).toEqual({ hour: 7, weekday: 1 });
    expect(localClock(new Date('2026-01-05T07:00:00Z'), london)).toEqual({ hour: 7, weekday: 1 });
  });

  it('knows time zones and dates', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(ZLocalDate.safeParse('2026-02-30').success).toBe(false);
    expect(ZLocalDate.safeParse('2026-02-28').success).toBe(true);
    expect(ZSharingQuery.safeParse({ startDate: '2026-03-01', endDate: '2026-03-01' }).success).toBe(false);
  });
});

describe('attribution', () => {
  const visit = { referralToken: 'aB3dE6gH9jK1', utmSource: 'x', utmCampaign: null, utmMedium: null };
  const own = { referralToken: null, utmSource: 'linkedin', utmCampaign: 'spring', utmMedium: 'social' };
  it('credits the first touch: the session visit wins over the later event', () => {
    expect(attributeEvent({ visit, own })).toEqual(visit);
    expect(attributeEvent({ visit: null, own })).toEqual(own);
  });
  it('reads a sharer from a link of the spec form without a token', () => {
    const id = '2b1e0c8e-4a53-4d8e-9a57-2a1d7e3c5f10';
    expect(legacySharerId({ utmSource: id, utmCampaign: 'share-reward' })).toBe(id);
    expect(legacySharerId({ utmSource: id, utmCampaign: 'spring' })).toBeNull();
    expect(legacySharerId({ utmSource: 'linkedin', utmCampaign: 'share-reward' })).toBeNull();
  });
  it('names the funnel source', () => {
    expect(funnelSource({ token: 'aB3dE6gH9jK1', utm_source: 'abc' })).toBe('Employee referrals');
    expect(funnelSource({ token: null, utm_source: 'linkedin' })).toBe('linkedin');
    expect(funnelSource({ token: null, utm_source: null })).toBe('Direct');
  });
  it('bands watching by the share of the video seen', () => {
    expect(watchBand(0, 60)).toBe(0);
    expect(watchBand(29, 60)).toBe(1);
    expect(watchBand(30, 60)).toBe(2);
    expect(watchBand(5, null)).toBe(1);
  });
  // Issue 23 item 1: a short video's watching is the fraction of its length, and any playing counts.
  it('counts 0 s (or no report) as not watched', () => {
    expect(watchBand(0, 6)).toBe(0);
    expect(watchBand(null, 6)).toBe(0);
    expect(playedVideo(0)).toBe(false);
    expect(watchedFraction(0, 6)).toBe(0);
  });
  it('counts under one second as played, under half', () => {
    expect(playedVideo(0.4)).toBe(true);
    expect(watchBand(0.4, 6)).toBe(1);
    expect(watchBand(0.2, 0.6)).toBe(1);
    expect(watchBand(0.3, 0.6)).toBe(2);
  });
  it('puts exactly half of the length in the half-or-more band', () => {
    expect(watchBand(3, 6)).toBe(2);
    expect(watchBand(2.99, 6)).toBe(1);
    expect(watchBand(3.2, 6)).toBe(2);
    expect(watchBand(3.02, 6.04)).toBe(2);
    expect(watchedFraction(3, 6)).toBe(0.5);
    expect(watchedFraction(9, 6)).toBe(1);
  });
  it('with an unknown length, counts any watching as played, under half', () => {
    for (const duration of [null, undefined, 0, Number.NaN]) {
      expect(watchedFraction(3, duration)).toBeNull();
      expect(watchBand(3, duration)).toBe(1);
      expect(watchBand(0.2, duration)).toBe(1);
      expect(watchBand(0, duration)).toBe(0);
    }
  });
});
