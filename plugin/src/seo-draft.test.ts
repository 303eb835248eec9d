import { describe, expect, it, vi } from 'vitest';
import { emptySeoContent } from './seo-content.ts';
import { createSeoDraft } from './seo-draft.ts';

const initial = { ...emptySeoContent(), title: 'Start' };

describe('the draft the inputs show', () => {
  it('applies an edit at once, tells its listeners and sends the whole value', () => {
    const send = vi.fn();
    const listener = vi.fn();
    const draft = createSeoDraft(initial, send);
    draft.subscribe(listener);
    draft.edit({ description: 'More' });
    expect(draft.get()).toEqual({ ...initial, description: 'More' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ ...initial, description: 'More' });
  });

  it('ignores late echoes of its own edits, whatever their key order', () => {
    const draft = createSeoDraft(initial, () => undefined);
    draft.edit({ title: 'S' });
    draft.edit({ title: 'Su' });
    const { plugin, ...rest } = { ...initial, title: 'S' };
    draft.receive({ ...rest, plugin });
    expect(draft.get().title).toBe('Su');
  });

  it('adopts a value it never sent and forgets what it sent before', () => {
    const draft = createSeoDraft(initial, () => undefined);
    const listener = vi.fn();
    draft.subscribe(listener);
    draft.edit({ title: 'Mine' });
    draft.receive({ ...initial, title: 'Theirs' });
    expect(draft.get().title).toBe('Theirs');
    // The user's earlier value, set again elsewhere, is now a change like any other.
    draft.receive({ ...initial, title: 'Mine' });
    expect(draft.get().title).toBe('Mine');
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('stops telling a listener that unsubscribed', () => {
    const draft = createSeoDraft(initial, () => undefined);
    const listener = vi.fn();
    draft.subscribe(listener)();
    draft.edit({ title: 'x' });
    expect(listener).not.toHaveBeenCalled();
  });
});
