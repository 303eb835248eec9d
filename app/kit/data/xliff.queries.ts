import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { XliffImportResult } from '#contract/xliff.ts';
import type { SearchStatus } from '#contract/search-rules.ts';
import { XLIFF_MEDIA_TYPE } from '#contract/xliff-rules.ts';
import { useApi } from '../api/api-context.tsx';
import { contentKeys } from '../editor/content.queries.ts';
import { accountKeys } from './account.queries.ts';

/** What an export covers: one story, a folder's subtree (null: the whole space), and optionally one status. */
export type XliffScope = { storyId: number } | { folderId: number | null };

export interface XliffExportInput {
  spaceLocaleId: number;
  scope: XliffScope;
  status?: SearchStatus;
}

/** Hands a text to the browser as a file to save. */
function saveFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: XLIFF_MEDIA_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click was handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Exports a language's keys as XLIFF and saves the file. */
export function useExportXliff(spaceId: number) {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ spaceLocaleId, scope, status }: XliffExportInput) => {
      const query = {
        space_locale_id: spaceLocaleId,
        ...('storyId' in scope ? { story_id: scope.storyId } : {}),
        ...('folderId' in scope && scope.folderId !== null ? { folder_id: scope.folderId } : {}),
        ...(status ? { status } : {}),
      };
      const file = await api.call('exportXliff', { params: { id: spaceId }, query });
      saveFile(file.file_name, file.document);
      return file;
    },
  });
}

/**
 * Imports an XLIFF file into a language. Stories, folders' counts and the account's totals change with what
 * was applied, so they are read again.
 */
export function useImportXliff(spaceId: number) {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ spaceLocaleId, file }: { spaceLocaleId: number; file: File }): Promise<XliffImportResult> =>
      api.call('importXliff', {
        params: { id: spaceId },
        query: { space_locale_id: spaceLocaleId },
        body: await file.text(),
        contentType: XLIFF_MEDIA_TYPE,
      }),
    onSuccess: (result) => {
      if (result.applied === 0) return;
      void client.invalidateQueries({ queryKey: contentKeys.stories() });
      void client.invalidateQueries({ queryKey: contentKeys.folders(spaceId) });
      void client.invalidateQueries({ queryKey: contentKeys.histories() });
      void client.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
