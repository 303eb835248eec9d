import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { createGlossaryTerm, deleteGlossaryTerm, updateGlossaryTerm } from '#contract/glossary.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { contentKeys } from '#kit/editor/content.queries.ts';
import { endpointRef } from '#kit/api/endpoint-ref.ts';
import type { TermInput } from './term-form.ts';

export const createTermEndpoint = endpointRef<typeof createGlossaryTerm>('POST', '/api/spaces/:id/glossary_terms');
export const updateTermEndpoint = endpointRef<typeof updateGlossaryTerm>(
  'PUT',
  '/api/spaces/:id/glossary_terms/:termId',
);
export const deleteTermEndpoint = endpointRef<typeof deleteGlossaryTerm>(
  'DELETE',
  '/api/spaces/:id/glossary_terms/:termId',
);

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
    mutationFn: (body: TermInput) => api.call(createTermEndpoint, { params: { id: spaceId }, body }),
    onSuccess: reload,
  });
}

export function useUpdateTerm(spaceId: number) {
  const api = useApi();
  const reload = useReloadGlossary(spaceId);
  return useMutation({
    mutationFn: ({ termId, body }: { termId: number; body: TermInput }) =>
      api.call(updateTermEndpoint, { params: { id: spaceId, termId }, body }),
    onSuccess: reload,
  });
}

export function useDeleteTerm(spaceId: number) {
  const api = useApi();
  const reload = useReloadGlossary(spaceId);
  return useMutation({
    mutationFn: (termId: number) => api.call(deleteTermEndpoint, { params: { id: spaceId, termId } }),
    onSuccess: reload,
  });
}
