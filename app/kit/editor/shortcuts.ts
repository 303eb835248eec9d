export type ShortcutAction =
  'save' | 'saveAndNext' | 'toggleVerify' | 'aiTranslate' | 'copySource' | 'nextKey' | 'previousKey';

interface KeyLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/**
 * The editor's keyboard shortcuts. Letters are matched by physical key (`code`): on a Mac, Option+V types "√"
 * and would otherwise never match. Ctrl/⌘+Shift+V is left alone: browsers paste without formatting with it.
 */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  const mod = event.ctrlKey || event.metaKey;
  if (mod && !event.altKey && event.key === 'Enter') return 'saveAndNext';
  if (mod && !event.altKey && !event.shiftKey && event.code === 'KeyS') return 'save';
  if (event.altKey && !mod && !event.shiftKey) {
    if (event.key === 'ArrowDown') return 'nextKey';
    if (event.key === 'ArrowUp') return 'previousKey';
    if (event.code === 'KeyV') return 'toggleVerify';
    if (event.code === 'KeyT') return 'aiTranslate';
    if (event.code === 'KeyC') return 'copySource';
  }
  return null;
}

export function isMacPlatform(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
}

/** The help popover's list, with the keys as the user's keyboard labels them. */
export function shortcutList(mac: boolean): Array<{ action: ShortcutAction; keys: string[]; label: string }> {
  const mod = mac ? '⌘' : 'Ctrl';
  const alt = mac ? '⌥' : 'Alt';
  return [
    { action: 'saveAndNext', keys: [mod, 'Enter'], label: 'Save and go to the next key' },
    { action: 'save', keys: [mod, 'S'], label: 'Save' },
    { action: 'toggleVerify', keys: [alt, 'V'], label: 'Verify or unverify' },
    { action: 'aiTranslate', keys: [alt, 'T'], label: 'Translate with AI' },
    { action: 'copySource', keys: [alt, 'C'], label: 'Copy the source into the translation' },
    { action: 'nextKey', keys: [alt, '↓'], label: 'Next key' },
    { action: 'previousKey', keys: [alt, '↑'], label: 'Previous key' },
  ];
}
