import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '#kit/api/api-context.tsx';
import { contentKeys } from '#kit/editor/content.queries.ts';
import type { TermInput } from './term-form.ts';

/**
 * The kit keeps one glossary query per space and language (the list here and the editor's highlighting read
 * it); a change reloads every language of the space, since a global term or a new scope touches them all.
 */
export function glossaryKeysOfSpace(spaceId: number) {
  return [...contentKeys.all, 'glossary', spaceId] as const;
}

function useReloadGlossary(spaceId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: glossaryKeysOfSpace(spaceId) });
}

export function useCreateTerm(spaceId: number) {
  const api = useApi();
  const reload = useReloadGlossary(spaceId);
  return useMutation({
    mutationFn: (body: TermInput) => api.call('createGlossaryTerm', { params: { id: spaceId }, body }),
    onSuccess: reload,
  });
}

export function useUpdateTerm(spaceId: number) {
  const api = useApi();
  const reload = useReloadGlossary(spaceId);
  return useMutation({
    mutationFn: ({ termId, body }: { termId: number; body: TermInput }) =>
      api.call('updateGlossaryTerm', { params: { id: spaceId, termId }, body }),
    onSuccess: reload,
  });
}

export function useDeleteTerm(spaceId: number) {
  const api = useApi();
  const reload = useReloadGlossary(spaceId);
  return useMutation({
    mutationFn: (termId: number) => api.call('deleteGlossaryTerm', { params: { id: spaceId, termId } }),
    onSuccess: reload,
  });
}
