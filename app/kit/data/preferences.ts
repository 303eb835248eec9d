/**
 * What the editor remembers for the person using it, in localStorage. One list, so that signing out forgets
 * every preference on every surface, including the tool panel, which shares its storage with nothing else of ours.
 */
export const preferenceKeys = {
  verifyOnSave: 'polyblok-verify-on-save',
} as const;

export function forgetPreferences(storage: Storage | undefined = globalThis.localStorage): void {
  if (!storage) return;
  for (const key of Object.values(preferenceKeys)) {
    try {
      storage.removeItem(key);
    } catch {
      // A storage the browser refuses (private mode, sandboxed frame) holds nothing to forget.
    }
  }
}
