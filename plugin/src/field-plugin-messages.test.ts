// The field-plugin messages besides the handshake and value updates (seo-plugin-session.test.ts), and
// messages that are not for this plugin.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
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

describe('height, modal, assets and context', () => {
  it('reports the height of its content', async () => {
    await plugin.load(stored);
    frame.resize(512);
    expect(frame.sent('heightChange').at(-1)).toEqual({
      action: 'plugin-changed',
      event: 'heightChange',
      uid: UID,
      height: 512,
    });
  });

  it('opens the full-screen modal with toggleModal and closes it with Escape', async () => {
    const { state } = await plugin.load(stored);
    let opened: boolean | undefined;
    void state.actions.setModalOpen(true).then((data) => (opened = data.isModalOpen));
    const toggle = frame.sent('toggleModal')[0];
    expect(toggle).toMatchObject({ uid: UID, status: true, callbackId: expect.any(String) });

    frame.deliver(
      containerState('state-changed', { callbackId: toggle?.callbackId as string, model: stored, isModalOpen: true }),
    );
    await settle();
    expect(opened).toBe(true);
    expect(plugin.lastState().data.isModalOpen).toBe(true);

    frame.pressKey('Escape');
    expect(frame.sent('toggleModal').at(-1)).toEqual({
      action: 'plugin-changed',
      event: 'toggleModal',
      uid: UID,
      status: false,
    });
  });

  it('asks for an asset with showAssetModal and resolves with the asset answered for its callbackId', async () => {
    const { state } = await plugin.load(stored);
    let chosen: string | undefined;
    void state.actions.selectAsset().then((asset) => (chosen = asset.filename));
    const request = frame.sent('showAssetModal')[0];
    expect(request).toMatchObject({ action: 'plugin-changed', uid: UID, callbackId: expect.any(String) });

    const asset = {
      id: 7,
      fieldtype: 'asset',
      filename: 'https://a.storyblok.com/f/1001/1200x630/abc/team.jpg',
      name: 'team.jpg',
      title: '',
      alt: 'The team',
      copyright: '',
      focus: '',
    };
    frame.deliver({
      action: 'asset-selected',
      uid: UID,
      callbackId: 'another-request',
      filename: asset.filename,
      asset,
    });
    await settle();
    expect(chosen).toBeUndefined();

    frame.deliver({
      action: 'asset-selected',
      uid: UID,
      callbackId: request?.callbackId,
      filename: asset.filename,
      asset,
    });
    await settle();
    expect(chosen).toBe(asset.filename);
  });

  it('requests the story with getContext and resolves only on a get-context carrying its callbackId', async () => {
    const { state } = await plugin.load(stored);
    let story: unknown;
    void state.actions.requestContext().then((answer) => (story = answer));
    const request = frame.sent('getContext')[0];
    expect(request).toMatchObject({
      action: 'plugin-changed',
      uid: UID,
      debounce: false,
      callbackId: expect.any(String),
    });

    const fresh = { name: 'Pricing', content: { _uid: 'page-1', component: 'page', seo: stored } };
    // Storyblok's own sandbox answers without the callbackId; such an answer cannot be matched.
    frame.deliver({ action: 'get-context', uid: UID, story: fresh });
    await settle();
    expect(story).toBeUndefined();

    frame.deliver({ action: 'get-context', uid: UID, callbackId: request?.callbackId, story: fresh });
    await settle();
    expect(story).toEqual(fresh);
  });
});

describe('messages that are not for this plugin', () => {
  it('ignores a handshake answer from another origin', async () => {
    plugin.start();
    frame.deliver(
      containerState('loaded', { callbackId: plugin.handshakeId(), model: stored }),
      'https://evil.example',
    );
    await settle();
    expect(plugin.renders).toEqual([]);
  });

  it('ignores a state from another origin after loading', async () => {
    const { session } = await plugin.load(stored);
    frame.deliver(containerState('state-changed', { model: { ...stored, title: 'Injected' } }), 'https://evil.example');
    await settle();
    expect(session.draft.get().title).toBe(stored.title);
    expect(plugin.renders).toHaveLength(1);
  });

  it('ignores messages for another field instance (uid)', async () => {
    plugin.start();
    frame.deliver(containerState('loaded', { callbackId: plugin.handshakeId(), model: stored, uid: 'other-field' }));
    await settle();
    expect(plugin.renders).toEqual([]);
  });

  it('ignores an asset answer for another uid', async () => {
    const { state } = await plugin.load(stored);
    let chosen: unknown;
    void state.actions.selectAsset().then((asset) => (chosen = asset));
    const request = frame.sent('showAssetModal')[0];
    frame.deliver({
      action: 'asset-selected',
      uid: 'other-field',
      callbackId: request?.callbackId,
      filename: 'https://a.storyblok.com/f/1/x.png',
      asset: { filename: 'https://a.storyblok.com/f/1/x.png' },
    });
    await settle();
    expect(chosen).toBeUndefined();
  });

  it('ignores a state that does not have the shape Storyblok sends (no userId)', async () => {
    plugin.start();
    const { userId: _userId, ...withoutUser } = containerState('loaded', {
      callbackId: plugin.handshakeId(),
      model: stored,
    });
    frame.deliver(withoutUser);
    await settle();
    expect(plugin.renders).toEqual([]);
  });
});
