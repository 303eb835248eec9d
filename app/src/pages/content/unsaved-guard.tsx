import { useBlocker, type Location } from 'react-router';
import { UnsavedChangesModal } from '#kit/editor/unsaved-changes-modal.tsx';
import type { UnsavedKey } from '#kit/editor/unsaved-keys.ts';

/** A move that closes the open story: another page, another story, other languages. Folders keep it open. */
function closesStory(current: Location, next: Location): boolean {
  if (current.pathname !== next.pathname) return true;
  const before = new URLSearchParams(current.search);
  const after = new URLSearchParams(next.search);
  return ['story', 'locale', 'locales'].some((name) => before.get(name) !== after.get(name));
}

/**
 * Holds any navigation that would drop unsaved translations (links, the language selector, the back button)
 * until the translator chooses: keep editing, or discard and go.
 */
export function UnsavedGuard({ unsaved }: { unsaved: readonly UnsavedKey[] }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved.length > 0 && closesStory(currentLocation, nextLocation),
  );
  return (
    <UnsavedChangesModal
      opened={blocker.state === 'blocked'}
      unsaved={unsaved}
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
    />
  );
}
