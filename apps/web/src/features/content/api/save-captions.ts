import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCaptions, TSaveCaptionsRequest } from '@hirecast/domain/captions';
import { api } from '../../../lib/api-client.ts';
import { assetsQueryKey } from './get-video-assets.ts';
import { captionsQueryKey } from '../../../components/media/api/get-captions.ts';

// Issue 34 item 3: the editor's Save (PUT /asset/{id}/captions) and a .vtt/.srt file's upload
// (POST /asset/{id}/captions/file); both make the captions reviewed, which the library's cards show.
export const saveCaptions = ({ assetId, body }: { assetId: string; body: TSaveCaptionsRequest }) =>
  api.put<TCaptions>(`/asset/${encodeURIComponent(assetId)}/captions`, body);

export const uploadCaptions = ({ assetId, file }: { assetId: string; file: File }) =>
  api.postFile<TCaptions>(
    `/asset/${encodeURIComponent(assetId)}/captions/file`,
    file,
    /\.srt$/i.test(file.name) ? 'application/x-subrip' : 'text/vtt',
  );

function useCaptionsMutation<T>(mutationFn: (input: T) => Promise<TCaptions>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (captions) => {
      queryClient.setQueryData(captionsQueryKey(captions.assetId), captions);
      return queryClient.invalidateQueries({ queryKey: assetsQueryKey });
    },
  });
}

export const useSaveCaptions = () => useCaptionsMutation(saveCaptions);
export const useUploadCaptions = () => useCaptionsMutation(uploadCaptions);
