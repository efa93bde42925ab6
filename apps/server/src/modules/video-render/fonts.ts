import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import { TEMPLATE_FONT_FILES } from '@hirecast/domain/video-template-draw';

const require = createRequire(import.meta.url);
let registered = false;

/**
 * Registers the template fonts' woff2 files with skia under the family names drawTemplateFrame asks for:
 * the same files the browser preview loads, so both draw the same glyphs. Once per process.
 */
export function registerTemplateFonts(): void {
  if (registered) return;
  const families = new Set<string>();
  for (const font of Object.values(TEMPLATE_FONT_FILES)) {
    if (families.has(font.family)) continue;
    families.add(font.family);
    for (const file of [font.regular, font.bold]) {
      if (!GlobalFonts.registerFromPath(require.resolve(file), font.family))
        throw new Error(`The template font ${file} could not be registered`);
    }
  }
  registered = true;
}
