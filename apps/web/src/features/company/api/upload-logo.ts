import { useMutation } from '@tanstack/react-query';
import { uploadImage, type TImageUploadInput } from '../../../lib/upload-image.ts';

// spec 1 §5 Company: the logo (≤2 MB) is usable once the server has checked the stored bytes.
export const uploadLogo = async (input: TImageUploadInput) =>
  (await uploadImage({ ...input, imageType: 'logo' })).url;

export const useUploadLogo = () => useMutation({ mutationFn: uploadLogo });
