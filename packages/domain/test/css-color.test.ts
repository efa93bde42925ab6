import { describe, expect, it } from 'vitest';
import { isCssColor } from '../src/css-color.ts';

describe('isCssColor (spec 1 §5: colours must be valid CSS colours)', () => {
  it.each([
    '#fff',
    '#FFFF',
    '#44504B',
    '#44504bcc',
    ' #abc ',
    'red',
    'RebeccaPurple',
    'transparent',
    'rgb(0, 0, 0)',
    'rgba(255,255,255,0.5)',
    'rgb(10% 20% 30% / 50%)',
    'hsl(120, 50%, 50%)',
    'hsla(120deg 50% 50% / .3)',
    'hsl(0.5turn, 10%, 10%)',
  ])('accepts %s', (value) => {
    expect(isCssColor(value)).toBe(true);
  });

  it.each([
    '',
    '   ',
    '#ff',
    '#fffff',
    '#ggg',
    '44504B',
    'blurple',
    'rgb(0, 0)',
    'rgb(a, b, c)',
    'hsl(120, 50, 50)',
    'url(javascript:alert(1))',
    'red; background: blue',
  ])('refuses %j', (value) => {
    expect(isCssColor(value)).toBe(false);
  });
});
