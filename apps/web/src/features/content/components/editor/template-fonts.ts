import arimo400 from '@fontsource/arimo/files/arimo-latin-400-normal.woff2?url';
import arimo700 from '@fontsource/arimo/files/arimo-latin-700-normal.woff2?url';
import dejavuSans400 from '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2?url';
import dejavuSans700 from '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff2?url';
import merriweather400 from '@fontsource/merriweather/files/merriweather-latin-400-normal.woff2?url';
import merriweather700 from '@fontsource/merriweather/files/merriweather-latin-700-normal.woff2?url';
import montserrat400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url';
import montserrat700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url';
import nunito400 from '@fontsource/nunito/files/nunito-latin-400-normal.woff2?url';
import nunito700 from '@fontsource/nunito/files/nunito-latin-700-normal.woff2?url';
import openSans400 from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url';
import openSans700 from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url';
import playfairDisplay400 from '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2?url';
import playfairDisplay700 from '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2?url';
import roboto400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url';
import roboto700 from '@fontsource/roboto/files/roboto-latin-700-normal.woff2?url';
import tinos400 from '@fontsource/tinos/files/tinos-latin-400-normal.woff2?url';
import tinos700 from '@fontsource/tinos/files/tinos-latin-700-normal.woff2?url';
import type { TTemplateFont } from '@hirecast/domain/video-template';
import { TEMPLATE_FONT_FILES } from '@hirecast/domain/video-template-draw';

// The same woff2 files the renderer registers with skia (TEMPLATE_FONT_FILES), loaded into the page with
// FontFace under the same family names, so the preview draws the glyphs the MP4 will have. The files are
// bundled by Vite (hashed URLs) and fetched only when a template uses the font.
const FILE_URLS: Record<string, string> = {
  '@fontsource/arimo/files/arimo-latin-400-normal.woff2': arimo400,
  '@fontsource/arimo/files/arimo-latin-700-normal.woff2': arimo700,
  '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2': dejavuSans400,
  '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff2': dejavuSans700,
  '@fontsource/merriweather/files/merriweather-latin-400-normal.woff2': merriweather400,
  '@fontsource/merriweather/files/merriweather-latin-700-normal.woff2': merriweather700,
  '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2': montserrat400,
  '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2': montserrat700,
  '@fontsource/nunito/files/nunito-latin-400-normal.woff2': nunito400,
  '@fontsource/nunito/files/nunito-latin-700-normal.woff2': nunito700,
  '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2': openSans400,
  '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2': openSans700,
  '@fontsource/playfair-display/files/playfair-display-latin-400-normal.woff2': playfairDisplay400,
  '@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2': playfairDisplay700,
  '@fontsource/roboto/files/roboto-latin-400-normal.woff2': roboto400,
  '@fontsource/roboto/files/roboto-latin-700-normal.woff2': roboto700,
  '@fontsource/tinos/files/tinos-latin-400-normal.woff2': tinos400,
  '@fontsource/tinos/files/tinos-latin-700-normal.woff2': tinos700,
};

const loaded = new Map<string, Promise<void>>();

/** Registers the template font (regular and bold) and waits until the page can draw with it. */
export function loadTemplateFont(font: TTemplateFont): Promise<void> {
  const files = TEMPLATE_FONT_FILES[font];
  const known = loaded.get(files.family);
  if (known) return known;
  if (typeof FontFace === 'undefined') return Promise.reject(new Error('FontFace is not available'));
  const faces = (
    [
      [files.regular, '400'],
      [files.bold, '700'],
    ] as const
  ).map(([file, weight]) => {
    const url = FILE_URLS[file];
    if (!url) return Promise.reject(new Error(`No bundled file for the font ${font}`));
    const face = new FontFace(files.family, `url(${url}) format("woff2")`, { weight, style: 'normal' });
    document.fonts.add(face);
    return face.load();
  });
  const ready = Promise.all(faces).then(() => document.fonts.ready.then(() => undefined));
  // A failed load may be retried later (a network blip).
  ready.catch(() => loaded.delete(files.family));
  loaded.set(files.family, ready);
  return ready;
}
