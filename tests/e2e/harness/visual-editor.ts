// Browser script of visual-editor.html: a stand-in for Storyblok's Visual Editor around one tool plugin, as
// reference/storyblok.md §7.4 describes it. It frames the panel, answers `getContext` with the story it shows
// and the editor's current language, takes every `heightChange` as the iframe's height, switches language
// from its own select, and records every message. Served transpiled by the end-to-end test.
import type { VisualEditorConfig, VisualEditorRecord } from './visual-editor-config.ts';

declare global {
  interface Window {
    startVisualEditor: (config: VisualEditorConfig) => void;
    visualEditor: VisualEditorRecord;
  }
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing from the Visual Editor page`);
  return found as T;
}

window.visualEditor = { received: [], heights: [], answers: [], ignored: 0, language: '' };

window.startVisualEditor = (config) => {
  const record = window.visualEditor;
  const panelOrigin = new URL(config.panelUrl).origin;
  element('story-name').textContent = String(config.story.name ?? '');
  if (config.panelWidth) element('layout').style.gridTemplateColumns = `1fr ${config.panelWidth}px`;
  element('story-slug').textContent = `/${String(config.story.full_slug ?? '')}`;

  const select = element<HTMLSelectElement>('editor-language');
  for (const code of ['', ...config.languages]) {
    const option = document.createElement('option');
    option.value = code;
    option.textContent = code === '' ? 'Default' : code;
    select.append(option);
  }
  // Like Storyblok, the editor only answers: the panel learns of a switch the next time it asks.
  select.addEventListener('change', () => {
    record.language = select.value;
  });

  const frame = document.createElement('iframe');
  frame.title = 'Polyblok';
  frame.src = config.panelUrl;
  element('tool-slot').append(frame);

  window.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Record<string, unknown> | null;
    if (event.origin !== panelOrigin || event.source !== frame.contentWindow || !data || typeof data !== 'object') {
      record.ignored += 1;
      return;
    }
    record.received.push(data);
    if (data.action !== 'tool-changed' || data.tool !== config.tool) {
      record.ignored += 1;
      return;
    }
    if (data.event === 'getContext') {
      record.answers.push({ language: record.language, storyId: config.story.id });
      frame.contentWindow?.postMessage(
        { action: 'get-context', language: record.language, story: config.story },
        panelOrigin,
      );
    } else if (data.event === 'heightChange' && typeof data.height === 'number') {
      record.heights.push(data.height);
      frame.style.height = `${data.height}px`;
    }
  });
};
