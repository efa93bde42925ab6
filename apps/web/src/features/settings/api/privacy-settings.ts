import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TPrivacySettings,
  TRetentionPreview,
  TRetentionRules,
  TUpdatePrivacySettingsRequest,
} from '@hirecast/domain/privacy';
import { api } from '../../../lib/api-client.ts';

// Issue 26: GET and PUT /privacy/settings (admins), and POST /privacy/preview of the rules being edited.
export const privacySettingsKey = (companyId: string | null) => ['privacy', 'settings', companyId] as const;
export const getPrivacySettings = () => api.get<TPrivacySettings>('/privacy/settings');
export const updatePrivacySettings = (body: TUpdatePrivacySettingsRequest) =>
  api.put<TPrivacySettings>('/privacy/settings', body);
export const previewRetention = (rules: TRetentionRules) =>
  api.post<TRetentionPreview>('/privacy/preview', rules);

export const privacySettingsQuery = (companyId: string | null) =>
  queryOptions({ queryKey: privacySettingsKey(companyId), queryFn: getPrivacySettings });
export const usePrivacySettings = (companyId: string | null) => useQuery(privacySettingsQuery(companyId));

/** The preview of unsaved rules; `rules` null while the form is invalid. */
export const useRetentionPreview = (companyId: string | null, rules: TRetentionRules | null) =>
  useQuery({
    queryKey: ['privacy', 'preview', companyId, rules] as const,
    queryFn: () => previewRetention(rules!),
    enabled: rules !== null,
    placeholderData: keepPreviousData,
  });

export function useUpdatePrivacySettings(companyId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacySettings,
    onSuccess: (saved) => queryClient.setQueryData(privacySettingsKey(companyId), saved),
  });
}
