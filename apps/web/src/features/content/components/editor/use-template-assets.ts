import { useEffect, useState } from 'react';
import type { TTemplateData } from '@hirecast/domain/video-template';
import { loadTemplateFont } from './template-fonts.ts';

/**
 * What the preview draws with besides the template: its font (loaded into the page; the browser's fallback if
 * it fails, better than no preview, where the render uses the real file) and its logo as an image. `fontReady`
 * is false, and `logo` null, until the current template's are in.
 */
export function useTemplateAssets(data: Pick<TTemplateData, 'fontFamily' | 'logo'>) {
  const [fontLoaded, setFontLoaded] = useState<string | null>(null);
  const [loadedLogo, setLoadedLogo] = useState<{ url: string; image: HTMLImageElement } | null>(null);

  useEffect(() => {
    let live = true;
    const font = data.fontFamily;
    loadTemplateFont(font).then(
      () => live && setFontLoaded(font),
      // The browser's fallback font is better than no preview; the render uses the real file.
      () => live && setFontLoaded(font),
    );
    return () => {
      live = false;
    };
  }, [data.fontFamily]);

  const logoUrl = data.logo?.url;
  useEffect(() => {
    if (!logoUrl) return;
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.onload = () => setLoadedLogo({ url: logoUrl, image });
    image.src = logoUrl;
    return () => {
      image.onload = null;
    };
  }, [logoUrl]);

  return {
    fontReady: fontLoaded === data.fontFamily,
    logo: data.logo && loadedLogo?.url === data.logo.url ? loadedLogo.image : null,
  };
}
