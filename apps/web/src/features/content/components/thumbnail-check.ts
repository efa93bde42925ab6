// spec 3 §5 Thumbnails: a landscape thumbnail must be 16:9 (ratio 0.56).
export const THUMBNAIL_RATIO_MESSAGE =
  'The thumbnail you are trying to upload is invalid, please use 16/9 aspect ratio. The recommended resolution is 1280x720px.';
export const THUMBNAIL_UPLOAD_FAILED = 'Ops, something went wrong while uploading thumbnail.';

/** height / width within 0.01 of 9/16 (1280x720 is 0.5625; the spec rounds it to 0.56). */
export const isSixteenByNine = ({ width, height }: { width: number; height: number }) =>
  width > 0 && Math.abs(height / width - 9 / 16) <= 0.01;

export function readImageSize(file: Blob) {
  return new Promise<{ width: number; height: number }>((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      reject(new Error('Invalid image'));
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}
