import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { addLanguage, deleteLanguage, editLanguage } from '#contract/languages.ts';
import { accountKeys } from './account.queries.ts';
import { useApi } from '../api/api-context.tsx';
import { endpointRef } from '../api/endpoint-ref.ts';

export const addLanguageEndpoint = endpointRef<typeof addLanguage>('POST', '/api/spaces/:id/add_language');
export const editLanguageEndpoint = endpointRef<typeof editLanguage>('POST', '/api/spaces/:id/edit_language');
export const deleteLanguageEndpoint = endpointRef<typeof deleteLanguage>('POST', '/api/spaces/:id/delete_language');

export interface LanguageInput {
  code: string;
  name: string;
}

/** The languages come with the account's spaces (/me), so each change reloads the account. */
function useReloadAccount() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

export function useAddLanguage(spaceId: number) {
  const api = useApi();
  const onSuccess = useReloadAccount();
  return useMutation({
    mutationFn: (input: LanguageInput) => api.call(addLanguageEndpoint, { params: { id: spaceId }, body: input }),
    onSuccess,
  });
}

export function useEditLanguage(spaceId: number) {
  const api = useApi();
  const onSuccess = useReloadAccount();
  return useMutation({
    mutationFn: (input: LanguageInput & { id: number }) =>
      api.call(editLanguageEndpoint, { params: { id: spaceId }, body: input }),
    onSuccess,
  });
}

export function useDeleteLanguage(spaceId: number) {
  const api = useApi();
  const onSuccess = useReloadAccount();
  return useMutation({
    mutationFn: (id: number) => api.call(deleteLanguageEndpoint, { params: { id: spaceId }, body: { id } }),
    onSuccess,
  });
}
