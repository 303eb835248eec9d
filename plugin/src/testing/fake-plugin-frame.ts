import { vi } from 'vitest';

export const CONTAINER_ORIGIN = 'https://app.storyblok.com';
export const UID = 'field-uid-1';

export interface PostedMessage {
  message: Record<string, unknown>;
  targetOrigin: string;
}

/**
 * The browser around a field plugin, as far as @storyblok/field-plugin touches it: an iframe
 * (`window.parent` is another window) whose URL carries the container's parameters, `message` events,
 * `document.body`'s height through a ResizeObserver and the Escape key. Messages the plugin posts
 * are recorded as the container would receive them (structured clones).
 */
export function installFakePluginFrame(search = `?protocol=https%3A&host=app.storyblok.com&uid=${UID}&preview=1`) {
  const windowEvents = new EventTarget();
  const documentEvents = new EventTarget();
  const posted: PostedMessage[] = [];
  const resizeCallbacks: Array<() => void> = [];
  const body = { clientHeight: 320 };

  vi.stubGlobal('window', {
    location: { search, href: `https://plugins.example/index.html${search}` },
    parent: {
      postMessage: (message: unknown, targetOrigin: string) =>
        posted.push({ message: structuredClone(message) as Record<string, unknown>, targetOrigin }),
    },
    addEventListener: windowEvents.addEventListener.bind(windowEvents),
    removeEventListener: windowEvents.removeEventListener.bind(windowEvents),
  });
  vi.stubGlobal('document', {
    body,
    addEventListener: documentEvents.addEventListener.bind(documentEvents),
    removeEventListener: documentEvents.removeEventListener.bind(documentEvents),
    querySelector: () => null,
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resizeCallbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );

  return {
    posted,
    /** Messages of one event (`loaded`, `update`, …) the plugin sent, oldest first. */
    sent: (event: string) => posted.map((entry) => entry.message).filter((message) => message.event === event),
    /** A message from the container (or, with another origin, from any other window). */
    deliver: (data: unknown, origin = CONTAINER_ORIGIN) =>
      windowEvents.dispatchEvent(new MessageEvent('message', { data, origin })),
    resize: (height: number) => {
      body.clientHeight = height;
      resizeCallbacks.forEach((callback) => callback());
    },
    pressKey: (key: string) => documentEvents.dispatchEvent(Object.assign(new Event('keydown'), { key })),
    restore: () => vi.unstubAllGlobals(),
  };
}

export type FakePluginFrame = ReturnType<typeof installFakePluginFrame>;

/** A `loaded` or `state-changed` message as Storyblok's Visual Editor sends it. */
export function containerState(
  action: 'loaded' | 'state-changed',
  fields: { callbackId?: string; model?: unknown; language?: string; isModalOpen?: boolean; uid?: string } = {},
) {
  return {
    action,
    uid: fields.uid ?? UID,
    callbackId: fields.callbackId,
    language: fields.language ?? '',
    interfaceLanguage: 'en',
    spaceId: 1001,
    userId: 42,
    story: { name: 'Pricing', full_slug: 'pricing', content: { _uid: 'page-1', component: 'page' } },
    storyId: 501,
    blockId: 'page-1',
    token: 'preview-token',
    schema: {
      field_type: 'polyblok-seo',
      options: [{ name: 'site_url', value: 'https://example.com' }],
      translatable: true,
    },
    model: fields.model,
    isAIEnabled: false,
    isModalOpen: fields.isModalOpen ?? false,
    releases: [],
    releaseId: undefined,
  };
}

/** Lets queued promise callbacks (the library resolves actions through them) run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
