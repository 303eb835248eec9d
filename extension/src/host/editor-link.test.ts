import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from '../protocol/editor-origin.ts';
import { createEditorLink, type PanelWindow } from './editor-link.ts';

const editor = 'https://app.storyblok.com';

function fakeWindow() {
  const posted: Array<{ message: unknown; targetOrigin: string }> = [];
  const listeners = new Set<(event: IncomingMessage) => void>();
  const parent = { postMessage: (message: unknown, targetOrigin: string) => posted.push({ message, targetOrigin }) };
  const window: PanelWindow = {
    parent,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  const deliver = (event: IncomingMessage) => listeners.forEach((listener) => listener(event));
  return { window, parent, posted, deliver, listeners };
}

const answer = { action: 'get-context', language: 'fr', story: { id: 11, name: 'Team', full_slug: 'about/team' } };

describe('the link to the Visual Editor', () => {
  it('asks for the context at the editor origin only and hands over its answers', () => {
    const host = fakeWindow();
    const contexts: unknown[] = [];
    const link = createEditorLink({
      window: host.window,
      origin: editor,
      tool: 'polyblok',
      onContext: (c) => contexts.push(c),
    });
    link.requestContext();
    expect(host.posted).toEqual([
      { message: { action: 'tool-changed', tool: 'polyblok', event: 'getContext' }, targetOrigin: editor },
    ]);
    host.deliver({ origin: editor, source: host.parent, data: answer });
    expect(contexts).toEqual([
      { story: { id: 11, name: 'Team', fullSlug: 'about/team', spaceId: null }, language: 'fr' },
    ]);
  });

  it('ignores messages from another origin, another window, or of another shape', () => {
    const host = fakeWindow();
    const contexts: unknown[] = [];
    createEditorLink({ window: host.window, origin: editor, tool: 'polyblok', onContext: (c) => contexts.push(c) });
    host.deliver({ origin: 'https://evil.example', source: host.parent, data: answer });
    host.deliver({ origin: editor, source: {}, data: answer });
    host.deliver({ origin: editor, source: host.parent, data: { action: 'get-context', story: 'Home' } });
    host.deliver({ origin: editor, source: host.parent, data: 'get-context' });
    expect(contexts).toEqual([]);
  });

  it('reports height changes once per new height and stops listening when disposed', () => {
    const host = fakeWindow();
    const link = createEditorLink({
      window: host.window,
      origin: editor,
      tool: 'polyblok',
      onContext: () => undefined,
    });
    link.reportHeight(400.4);
    link.reportHeight(400.9);
    link.reportHeight(520);
    link.reportHeight(Number.NaN);
    expect(host.posted.map((entry) => (entry.message as { height: number }).height)).toEqual([401, 520]);
    expect(host.posted.every((entry) => entry.targetOrigin === editor)).toBe(true);
    link.dispose();
    expect(host.listeners.size).toBe(0);
  });
});
