import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../testing/render-kit.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';

/** The keys shown beside one shortcut's description, as the user reads them. */
const keysOf = (label: string) => screen.getByText(label).nextElementSibling?.textContent?.replace(/\s+/g, '') ?? '';

describe('ShortcutsHelp', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the editor’s shortcuts when its button is clicked', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Linux x86_64');
    const { user } = renderWithKit(<ShortcutsHelp />);
    expect(screen.queryByText('Save and go to the next key')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));

    expect(await screen.findByText('Save and go to the next key')).toBeVisible();
    expect(keysOf('Save and go to the next key')).toBe('Ctrl+Enter');
    expect(keysOf('Save')).toBe('Ctrl+S');
    expect(keysOf('Verify or unverify')).toBe('Alt+V');
    expect(keysOf('Translate with AI')).toBe('Alt+T');
    expect(keysOf('Next key')).toBe('Alt+↓');
    expect(screen.getByText('They work while a translation has the focus.')).toBeVisible();
  });

  it('names the keys as a Mac labels them', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    const { user } = renderWithKit(<ShortcutsHelp />);

    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));

    expect(await screen.findByText('Save')).toBeVisible();
    expect(keysOf('Save')).toBe('⌘+S');
    expect(keysOf('Copy the source into the translation')).toBe('⌥+C');
  });

  it('closes on a click elsewhere', async () => {
    const { user } = renderWithKit(<ShortcutsHelp />);
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByText('Previous key')).toBeVisible();

    await user.click(document.body);

    await waitFor(() => expect(screen.queryByText('Previous key')).not.toBeInTheDocument());
  });

  it('closes on Escape, wherever the focus is', async () => {
    const { user } = renderWithKit(<ShortcutsHelp />);
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByText('Previous key')).toBeVisible();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByText('Previous key')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByText('Previous key')).toBeVisible();
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Previous key')).not.toBeInTheDocument());
  });
});
