// spec 1 §5: up to 4 colours are extracted from the logo, offered as brand colours.

const toHex = (n: number) => n.toString(16).padStart(2, '0');

// The most common colours of RGBA pixel data, bucketed to 4 bits per channel, skipping transparent,
// near-white and near-black pixels (backgrounds and outlines rather than brand colours).
export function extractPalette(pixels: Uint8ClampedArray, max = 4): string[] {
  const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    const r = pixels[i]!;
    const g = pixels[i + 1]!;
    const b = pixels[i + 2]!;
    const a = pixels[i + 3]!;
    if (a < 128) continue;
    const light = Math.max(r, g, b);
    const dark = Math.min(r, g, b);
    if (dark > 235 || light < 20) continue;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = counts.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    bucket.n += 1;
    bucket.r += r;
    bucket.g += g;
    bucket.b += b;
    counts.set(key, bucket);
  }
  const picked: { r: number; g: number; b: number }[] = [];
  for (const c of [...counts.values()].sort((x, y) => y.n - x.n)) {
    const colour = { r: Math.round(c.r / c.n), g: Math.round(c.g / c.n), b: Math.round(c.b / c.n) };
    // Skip shades too close to one already picked, so the swatches differ visibly.
    if (
      picked.some((p) => Math.abs(p.r - colour.r) + Math.abs(p.g - colour.g) + Math.abs(p.b - colour.b) < 60)
    )
      continue;
    picked.push(colour);
    if (picked.length === max) break;
  }
  return picked.map((c) => `#${toHex(c.r)}${toHex(c.g)}${toHex(c.b)}`.toUpperCase());
}

// Reads the picked file locally (no cross-origin canvas problems); an empty list where the browser can't.
export async function paletteFromFile(file: Blob): Promise<string[]> {
  if (typeof createImageBitmap !== 'function') return [];
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 96 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return [];
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return extractPalette(context.getImageData(0, 0, canvas.width, canvas.height).data);
  } catch {
    return [];
  }
}
