import { useCallback, useState } from 'react';

/** A "Translate folder with AI" run this tab started, remembered so a reload still shows its progress. */
export interface FolderRun {
  batchId: string;
  folderName: string;
  localeName: string;
}

const storageKey = (spaceId: number) => `polyblok-folder-run-${spaceId}`;

function read(spaceId: number): FolderRun | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey(spaceId));
    const run = raw ? (JSON.parse(raw) as Partial<FolderRun>) : null;
    return run &&
      typeof run.batchId === 'string' &&
      typeof run.folderName === 'string' &&
      typeof run.localeName === 'string'
      ? (run as FolderRun)
      : null;
  } catch {
    return null;
  }
}

export function useFolderRun(spaceId: number): [FolderRun | null, (run: FolderRun | null) => void] {
  const [run, setRun] = useState(() => read(spaceId));
  const update = useCallback(
    (next: FolderRun | null) => {
      setRun(next);
      try {
        if (next) window.sessionStorage.setItem(storageKey(spaceId), JSON.stringify(next));
        else window.sessionStorage.removeItem(storageKey(spaceId));
      } catch {
        // Storage refused (private mode, quota): the run still shows until the page is left.
      }
    },
    [spaceId],
  );
  return [run, update];
}
