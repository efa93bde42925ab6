import { describe, expect, it } from 'vitest';
import {
  buildCareerPagePath,
  buildSharePath,
  buildShareUrl,
  buildShortUrl,
  jobLinkData,
  shortIdOfJobPath,
  slugifySegment,
} from '../src/share-url.ts';

describe('slugifySegment', () => {
  it('lowercases, hyphenates and folds unicode', () => {
    expect(slugifySegment('Senior Barista')).toBe('senior-barista');
    expect(slugifySegment('Crème Brûlée & Co.')).toBe('creme-brulee-and-co');
    expect(slugifySegment('Straße Øresund Łódź')).toBe('strasse-oresund-lodz');
    expect(slugifySegment('  --Front/End   Dev (React)-- ')).toBe('front-end-dev-react');
  });

  it('answers the fallback when nothing is left', () => {
    expect(slugifySegment('', 'remote')).toBe('remote');
    expect(slugifySegment(null, 'remote')).toBe('remote');
    expect(slugifySegment('!!!', 'job')).toBe('job');
  });

  it('keeps segments short', () => {
    expect(slugifySegment('a'.repeat(200)).length).toBe(80);
    expect(slugifySegment(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
  });
});

describe('buildShareUrl (spec 1 §7 Share URL form)', () => {
  const input = {
    site: 'https://hirecast.example/',
    city: 'Saint-Étienne',
    companyName: 'Café Ünited',
    title: 'Head Chef',
    shortId: 'aB3dE6gH',
    userId: 'user-1',
  };

  it('builds {site}/job/{city}/{company}/{title}-{shortId} with the UTM values', () => {
    expect(buildShareUrl(input)).toBe(
      'https://hirecast.example/job/saint-etienne/cafe-united/head-chef-aB3dE6gH?utm_source=user-1&utm_campaign=share-reward&utm_medium=employer-app',
    );
  });

  it("uses 'remote' when the job has no city", () => {
    expect(buildShareUrl({ ...input, city: undefined })).toContain(
      '/job/remote/cafe-united/head-chef-aB3dE6gH?',
    );
    expect(buildSharePath({ ...input, city: '' })).toBe('/job/remote/cafe-united/head-chef-aB3dE6gH');
  });

  it('answers the link data the public site uses', () => {
    expect(jobLinkData(input)).toEqual({
      location: 'saint-etienne',
      companyName: 'cafe-united',
      title: 'head-chef',
    });
  });

  it('builds the short URL of POST /short-url', () => {
    expect(buildShortUrl('https://hirecast.example/', 'Xy12Ab34')).toBe(
      'https://hirecast.example/s/Xy12Ab34',
    );
  });
});

describe('short link targets', () => {
  it("reads the shortId of a job's public address, and nothing else", () => {
    expect(shortIdOfJobPath('/job/leeds/acme/head-chef-aB3dE6gH')).toBe('aB3dE6gH');
    expect(shortIdOfJobPath('/job/remote/acme/-aB3dE6gH')).toBe('aB3dE6gH');
    for (const path of [
      '/job/leeds/acme/head-chef',
      '/job/leeds/head-chef-aB3dE6gH',
      '/job/leeds/acme/head-chef-aB3dE6gH/x',
      '/s/aB3dE6gH',
      '/job/leeds/acme/head-chef-aB3dE6g!',
    ])
      expect(shortIdOfJobPath(path), path).toBeNull();
  });

  it('puts the career page at /company/{company slug}', () => {
    expect(buildCareerPagePath('northwind-coffee')).toBe('/company/northwind-coffee');
  });
});
