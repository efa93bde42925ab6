import { describe, expect, it } from 'vitest';
import { extractPalette } from './logo-colours.ts';

const pixels = (...runs: [number, number, number, number, number][]) =>
  new Uint8ClampedArray(
    runs.flatMap(([r, g, b, a, n]) => Array.from({ length: n }, () => [r, g, b, a]).flat()),
  );

describe('extractPalette', () => {
  it('returns the most common colours first, skipping white, black and transparent pixels', () => {
    const data = pixels(
      [255, 255, 255, 255, 500], // white background
      [0, 0, 0, 0, 500], // transparent
      [5, 5, 5, 255, 300], // black outline
      [0x44, 0x50, 0x4b, 255, 200],
      [0xb4, 0x68, 0x4a, 255, 100],
    );
    expect(extractPalette(data)).toEqual(['#44504B', '#B4684A']);
  });

  it('keeps at most four visibly different colours', () => {
    const data = pixels(
      [200, 0, 0, 255, 60],
      [205, 2, 2, 255, 50], // nearly the same red: averaged into one swatch
      [210, 20, 20, 255, 45], // another bucket, but too close to that red to be offered
      [0, 200, 0, 255, 40],
      [0, 0, 200, 255, 30],
      [200, 200, 0, 255, 20],
      [0, 200, 200, 255, 10],
    );
    expect(extractPalette(data)).toEqual(['#CA0101', '#00C800', '#0000C8', '#C8C800']);
  });
});
