import { CROP_OUTPUT_TYPE } from '@hirecast/domain/asset';

export type TPixelArea = { x: number; y: number; width: number; height: number };

function loadImage(src: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error('The image could not be loaded'));
    img.src = src;
  });
}

// spec 3 §9: the cropped image is drawn on a canvas and saved as webp.
export async function cropToWebp(src: string, area: TPixelArea) {
  const img = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The crop failed'))),
      CROP_OUTPUT_TYPE,
      0.92,
    ),
  );
}

/** 'team-photo.png' -> 'team-photo-cropped.webp' */
export const croppedFileName = (fileName: string) =>
  `${fileName.replace(/\.[^.]+$/, '') || 'image'}-cropped.webp`;
