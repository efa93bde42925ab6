import { useMutation } from '@tanstack/react-query';
import type { TDownloadQuality } from '@hirecast/domain/asset';
import { api } from '../../../lib/api-client.ts';

// spec 3 §7 Assets: GET /asset/download/{id}?quality -> {url} (409 while that quality is processing).
export const getAssetDownloadUrl = ({ id, quality }: { id: string; quality: TDownloadQuality }) =>
  api.get<{ url: string }>(`/asset/download/${encodeURIComponent(id)}?quality=${quality}`);

// Saves through a temporary link, so the browser downloads instead of navigating away.
export function saveUrl(url: string, filename: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

export const useDownloadAsset = () =>
  useMutation({
    mutationFn: async (input: { id: string; quality: TDownloadQuality; filename: string }) => {
      const { url } = await getAssetDownloadUrl(input);
      saveUrl(url, input.filename);
    },
  });
