import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './account.queries.ts';
import { useApi } from '../api/api-context.tsx';


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
    mutationFn: (input: LanguageInput) => api.call('addLanguage', { params: { id: spaceId }, body: input }),
    onSuccess,
  });
}

export function useEditLanguage(spaceId: number) {
  const api = useApi();
  const onSuccess = useReloadAccount();
  return useMutation({
    mutationFn: (input: LanguageInput & { id: number }) =>
      api.call('editLanguage', { params: { id: spaceId }, body: input }),
    onSuccess,
  });
}

export function useDeleteLanguage(spaceId: number) {
  const api = useApi();
  const onSuccess = useReloadAccount();
  return useMutation({
    mutationFn: (id: number) => api.call('deleteLanguage', { params: { id: spaceId }, body: { id } }),
    onSuccess,
  });
}
