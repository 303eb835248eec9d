import { describe, expect, it } from 'vitest';
import { shortcutFor, shortcutList } from './shortcuts.ts';

const press = (
  key: string,
  code: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('editor shortcuts', () => {
  it('save and go on with Ctrl or ⌘ + Enter, save alone with Ctrl/⌘ + S', () => {
    expect(shortcutFor(press('Enter', 'Enter', { ctrlKey: true }))).toBe('saveAndNext');
    expect(shortcutFor(press('Enter', 'Enter', { metaKey: true }))).toBe('saveAndNext');
    expect(shortcutFor(press('s', 'KeyS', { metaKey: true }))).toBe('save');
    expect(shortcutFor(press('Enter', 'Enter'))).toBeNull();
  });

  it('match Alt letters by physical key, so a Mac Option+V ("√") verifies', () => {
    expect(shortcutFor(press('√', 'KeyV', { altKey: true }))).toBe('toggleVerify');
    expect(shortcutFor(press('t', 'KeyT', { altKey: true }))).toBe('aiTranslate');
    expect(shortcutFor(press('ArrowDown', 'ArrowDown', { altKey: true }))).toBe('nextKey');
    expect(shortcutFor(press('ArrowUp', 'ArrowUp', { altKey: true }))).toBe('previousKey');
  });

  it('leave the browser its paste-without-formatting', () => {
    expect(shortcutFor(press('V', 'KeyV', { ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it('list every shortcut with the keys of the platform', () => {
    expect(shortcutList(true)[0]!.keys).toEqual(['⌘', 'Enter']);
    expect(shortcutList(false)[0]!.keys).toEqual(['Ctrl', 'Enter']);
    expect(new Set(shortcutList(false).map((s) => s.action)).size).toBe(7);
  });
});
