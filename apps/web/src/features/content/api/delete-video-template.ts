import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { templatesQueryKey } from './get-video-templates.ts';

// spec 3 §7 Videos: DELETE /video/{id}
export const deleteVideoTemplate = (id: string) => api.delete<unknown>(`/video/${encodeURIComponent(id)}`);

export const useDeleteVideoTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
};
