// Browser script of field-plugin-container.html: a stand-in for Storyblok's Visual Editor around one
// field plugin, speaking the protocol of @storyblok/field-plugin 1.7.1 as the editor does
// (reference/storyblok.md §6.3): it answers the handshake, sends `state-changed` after every update
// and modal change, answers `get-context` with the request's callbackId (Storyblok's own sandbox
// forgets it), offers assets in a selector of its own, and records every message both ways.
// Served transpiled by the end-to-end test; the type import disappears.
import type { ContainerConfig, ContainerRecord } from './field-plugin-container-config.ts';

declare global {
  interface Window {
    startFieldPluginContainer: (config: ContainerConfig) => void;
    fieldPluginContainer: ContainerRecord;
  }
}

type Message = Record<string, unknown>;

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing from the container page`);
  return found as T;
}

function findBlok(content: unknown, uid: string): Message | null {
  const stack: unknown[] = [content];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') {
      if ((item as Message)._uid === uid) return item as Message;
      stack.push(...Object.values(item));
    }
  }
  return null;
}

function start(config: ContainerConfig): void {
  const pluginOrigin = new URL(config.pluginUrl).origin;
  const story = structuredClone(config.story);
  const blok = findBlok(story.content, config.blockId);
  if (!blok) throw new Error(`the story has no blok ${config.blockId}`);
  // Field-level translation: a translation lives beside the default value under `__i18n__<code>`.
  const valueKey = config.language === '' ? config.field : `${config.field}__i18n__${config.language}`;

  const record: ContainerRecord = {
    received: [],
    sent: [],
    ignored: 0,
    model: blok[valueKey],
    isModalOpen: false,
    height: null,
  };
  window.fieldPluginContainer = record;

  const holder = element<HTMLDivElement>('field-frame-holder');
  const storedValue = element<HTMLPreElement>('stored-value');
  const showValue = () => (storedValue.textContent = JSON.stringify(record.model, null, 2) ?? 'undefined');
  showValue();

  const iframe = document.createElement('iframe');
  iframe.title = 'SEO field plugin';
  const query = new URLSearchParams({
    protocol: location.protocol,
    host: location.host,
    uid: config.uid,
    preview: '1',
  });
  iframe.src = `${config.pluginUrl}?${query}`;
  holder.appendChild(iframe);

  const send = (message: Message) => {
    record.sent.push(structuredClone(message));
    iframe.contentWindow?.postMessage(message, pluginOrigin);
  };

  const state = (action: 'loaded' | 'state-changed', callbackId: unknown): Message => ({
    action,
    uid: config.uid,
    callbackId,
    language: config.language,
    interfaceLanguage: 'en',
    spaceId: 1001,
    userId: 42,
    story: structuredClone(story),
    storyId: story.id,
    blockId: config.blockId,
    token: 'preview-token',
    schema: { field_type: 'polyblok-seo', options: config.options, translatable: config.translatable },
    model: record.model,
    isAIEnabled: false,
    isModalOpen: record.isModalOpen,
    releases: [],
    releaseId: undefined,
  });

  const dialog = element<HTMLDialogElement>('asset-selector');
  const assetList = element<HTMLDivElement>('asset-list');
  let pendingAsset: { callbackId: unknown; field: unknown } | null = null;
  for (const asset of config.assets) {
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-label', asset.name);
    const image = document.createElement('img');
    image.src = asset.filename;
    image.alt = asset.alt;
    button.append(image, asset.name);
    button.addEventListener('click', () => {
      if (!pendingAsset) return;
      send({
        action: 'asset-selected',
        uid: config.uid,
        callbackId: pendingAsset.callbackId,
        field: pendingAsset.field,
        filename: asset.filename,
        asset,
      });
      pendingAsset = null;
      dialog.close();
    });
    assetList.appendChild(button);
  }
  // Storyblok answers nothing when its asset selector is closed without a choice.
  element<HTMLButtonElement>('asset-cancel').addEventListener('click', () => {
    pendingAsset = null;
    dialog.close();
  });

  window.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (event.origin !== pluginOrigin || !data || typeof data !== 'object' || (data as Message).uid !== config.uid) {
      record.ignored += 1;
      return;
    }
    const message = data as Message;
    record.received.push(structuredClone(message));
    switch (message.event) {
      case 'loaded':
        send(state('loaded', message.callbackId));
        break;
      case 'update':
        record.model = message.model;
        blok[valueKey] = structuredClone(message.model);
        showValue();
        send(state('state-changed', message.callbackId));
        break;
      case 'toggleModal':
        record.isModalOpen = message.status === true;
        holder.classList.toggle('modal', record.isModalOpen);
        send(state('state-changed', message.callbackId));
        break;
      case 'heightChange':
        record.height = typeof message.height === 'number' ? message.height : null;
        iframe.style.height = `${record.height ?? 0}px`;
        break;
      case 'getContext':
        send({ action: 'get-context', uid: config.uid, callbackId: message.callbackId, story: structuredClone(story) });
        break;
      case 'getUserContext':
        send({
          action: 'get-user-context',
          uid: config.uid,
          callbackId: message.callbackId,
          user: { isSpaceAdmin: true, permissions: {} },
        });
        break;
      case 'showAssetModal':
        pendingAsset = { callbackId: message.callbackId, field: message.field };
        dialog.showModal();
        break;
      case 'previewDimension':
        send({ action: 'preview-dimension', uid: config.uid, callbackId: message.callbackId });
        break;
      case 'promptAI':
        send({
          action: 'prompt-ai',
          uid: config.uid,
          callbackId: message.callbackId,
          aiResponse: { ok: false, error: 'AI is not enabled in this space' },
        });
        break;
      default:
        break;
    }
  });
}

window.startFieldPluginContainer = start;
