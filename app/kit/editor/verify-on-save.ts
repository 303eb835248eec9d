import { useLocalStorage } from '@mantine/hooks';
import { preferenceKeys } from '../data/preferences.ts';

/** Where the verify-on-save preference is remembered (spec section 9: default on, persisted). */
export const VERIFY_ON_SAVE_STORAGE_KEY = preferenceKeys.verifyOnSave;

export function parseVerifyOnSave(stored: string | undefined): boolean {
  return stored !== 'false';
}

/** Saving verifies the translation against the current source unless the translator turned this off. */
export function useVerifyOnSave(): [boolean, (value: boolean) => void] {
  const [value, setValue] = useLocalStorage<boolean>({
    key: VERIFY_ON_SAVE_STORAGE_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
    serialize: (on) => (on ? 'true' : 'false'),
    deserialize: parseVerifyOnSave,
  });
  return [value, setValue];
}
