import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptySeoContent } from './seo-content.ts';
import {
  CONTAINER_ORIGIN,
  UID,
  containerState,
  installFakePluginFrame,
  settle,
  type FakePluginFrame,
} from './testing/fake-plugin-frame.ts';
import { pluginUnderTest, stored, type PluginUnderTest } from './testing/plugin-under-test.ts';

let frame: FakePluginFrame;
let plugin: PluginUnderTest;

beforeEach(() => {
  frame = installFakePluginFrame();
  plugin = pluginUnderTest(frame);
});

afterEach(() => {
  plugin.stop();
  frame.restore();
});

describe('handshake', () => {
  it('announces itself with loaded, posted only to the configured container origin', () => {
    plugin.start();
    expect(frame.posted).toHaveLength(1);
    expect(frame.posted[0]?.targetOrigin).toBe(CONTAINER_ORIGIN);
    expect(frame.posted[0]?.message).toMatchObject({
      action: 'plugin-changed',
      event: 'loaded',
      uid: UID,
      fullHeight: true,
      subscribeState: true,
      callbackId: expect.any(String),
    });
    expect(plugin.renders).toEqual([]);
  });

  it('shows the stored value once the container answers loaded, without writing it back', async () => {
    const { state, session } = await plugin.load(stored);
    expect(state.data.content).toEqual(stored);
    expect(state.data.options).toEqual({ site_url: 'https://example.com' });
    expect(state.data.storyLang).toBe('default');
    expect(session.draft.get()).toEqual(stored);
    expect(session.repairs).toEqual([]);
    expect(frame.sent('update')).toEqual([]);
  });

  it('leaves a never-filled field alone: an empty value is not a repair', async () => {
    const { session } = await plugin.load(undefined);
    expect(session.draft.get()).toEqual(emptySeoContent());
    expect(session.repairs).toEqual([]);
    expect(frame.sent('update')).toEqual([]);
  });

  it('repairs invalid stored content without losing text and sends the repaired value', async () => {
    const { session } = await plugin.load({
      title: 2026,
      description: ['Plans for', 'every team'],
      og_image: { filename: 'https://a.storyblok.com/f/1/hero.png', fieldtype: 'asset' },
      twitter_title: { nested: true },
      keywords: 'pricing, plans',
    });
    const repaired = {
      ...emptySeoContent(),
      title: '2026',
      description: 'Plans for every team',
      og_image: 'https://a.storyblok.com/f/1/hero.png',
    };
    expect(session.draft.get()).toEqual(repaired);
    expect(session.repairs).toEqual([
      'the title was a number and is now text',
      'the description was a list of texts and is now one text',
      'the X title held no text (an object) and was cleared',
      'the Open Graph image was an asset object and is now its address',
      'removed unknown keys: keywords',
    ]);
    expect(frame.sent('update').map((message) => message.model)).toEqual([repaired]);
  });

  it('reports an error when the page is not opened by a container with its parameters', () => {
    frame.restore();
    frame = installFakePluginFrame('?uid=only-a-uid');
    plugin = pluginUnderTest(frame);
    plugin.start();
    expect(plugin.renders.map(({ state }) => state.type)).toEqual(['error']);
    expect(frame.posted).toEqual([]);
  });
});

describe('value updates', () => {
  it('sends an edit as update with a callbackId and resolves setContent on the matching state-changed', async () => {
    const { state } = await plugin.load(stored);
    const next = { ...stored, title: 'Plans and prices' };
    let resolved: unknown;
    void state.actions.setContent(next).then((data) => (resolved = data.content));
    const update = frame.sent('update')[0];
    expect(update).toMatchObject({ action: 'plugin-changed', uid: UID, model: next, callbackId: expect.any(String) });

    frame.deliver(containerState('state-changed', { callbackId: 'someone-else', model: next }));
    await settle();
    expect(resolved).toBeUndefined();

    frame.deliver(containerState('state-changed', { callbackId: update?.callbackId as string, model: next }));
    await settle();
    expect(resolved).toEqual(next);
    expect(plugin.lastState().data.content).toEqual(next);
  });

  it('keeps the newest edit when the echo of an older one arrives', async () => {
    const { session } = await plugin.load(stored);
    session.draft.edit({ title: 'P' });
    session.draft.edit({ title: 'Pr' });
    const [first, second] = frame.sent('update');
    expect([first?.model, second?.model]).toMatchObject([{ title: 'P' }, { title: 'Pr' }]);

    frame.deliver(containerState('state-changed', { callbackId: first?.callbackId as string, model: first?.model }));
    await settle();
    expect(session.draft.get().title).toBe('Pr');
  });

  it('takes a value the container changed on its own', async () => {
    const { session } = await plugin.load(stored);
    frame.deliver(containerState('state-changed', { model: { ...stored, description: 'Changed elsewhere' } }));
    await settle();
    expect(session.draft.get().description).toBe('Changed elsewhere');
  });
});
