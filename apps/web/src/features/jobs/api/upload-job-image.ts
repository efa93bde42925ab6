import { useMutation } from '@tanstack/react-query';
import { uploadImage, type TImageUploadInput } from '../../../lib/upload-image.ts';

// spec 1 §2 Job edit page, image: the job keeps the verified accessUrl as `image`.
export const uploadJobImage = async (input: TImageUploadInput) =>
  (await uploadImage({ ...input, imageType: 'image' })).url;

export const useUploadJobImage = () => useMutation({ mutationFn: uploadJobImage });
