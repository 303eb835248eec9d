import type { SeoPluginState } from '../field-plugin-connection.ts';
import { emptySeoContent } from '../seo-content.ts';
import { startSeoPlugin, type SeoSession } from '../seo-plugin-session.ts';
import { CONTAINER_ORIGIN, containerState, settle, type FakePluginFrame } from './fake-plugin-frame.ts';

/** A valid stored value, as Storyblok keeps it (with its `_uid`). */
export const stored = {
  ...emptySeoContent(),
  _uid: 'seo-1',
  title: 'Pricing plans',
  description: 'Compare the plans.',
};

/** The plugin started in a fake frame, with what it rendered and helpers to drive its handshake. */
export function pluginUnderTest(frame: FakePluginFrame) {
  const renders: Array<{ state: SeoPluginState; session: SeoSession | null }> = [];
  let stop: (() => void) | null = null;

  const start = () => {
    stop = startSeoPlugin({
      targetOrigin: CONTAINER_ORIGIN,
      render: (state, session) => renders.push({ state, session }),
    });
  };

  const handshakeId = (): string => {
    const loaded = frame.sent('loaded')[0];
    if (typeof loaded?.callbackId !== 'string') throw new Error('the plugin sent no loaded message with a callbackId');
    return loaded.callbackId;
  };

  /** Starts the plugin and answers its handshake with the given stored value. */
  const load = async (model: unknown) => {
    start();
    frame.deliver(containerState('loaded', { callbackId: handshakeId(), model }));
    await settle();
    const last = renders.at(-1);
    if (last?.state.type !== 'loaded' || !last.session) throw new Error('the plugin did not load');
    return { state: last.state, session: last.session };
  };

  const lastState = () => {
    const state = renders.at(-1)?.state;
    if (state?.type !== 'loaded') throw new Error('no loaded state');
    return state;
  };

  return { renders, start, handshakeId, load, lastState, stop: () => stop?.() };
}

export type PluginUnderTest = ReturnType<typeof pluginUnderTest>;
