import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateAssetRequest, TVideoAsset } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';

// spec 3 §7 Assets: POST /asset creates the video asset from a finished upload; the server then processes it.
export const createAsset = (body: TCreateAssetRequest) => api.post<TVideoAsset>('/asset', body);

export function useCreateAsset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAsset,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['assets'] });
    },
  });
}
