import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// spec 1 §7: POST /short-url {redirectURL} -> {shortId}; the short URL is {site}/s/{shortId}.
export const createShortUrl = (redirectURL: string) =>
  api.post<{ shortId: string }>('/short-url', { redirectURL });

export const shortUrlOf = (shortId: string) => `${window.location.origin}/s/${shortId}`;

export const useCreateShortUrl = () => useMutation({ mutationFn: createShortUrl });
