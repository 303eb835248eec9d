import { getContextRequest, readGetContextResponse, type EditorContext } from '../protocol/get-context.ts';
import { heightChangeMessage } from '../protocol/height-change.ts';
import { isFromEditor, type IncomingMessage } from '../protocol/editor-origin.ts';
import type { MessageTarget } from '../protocol/tool-message.ts';

/** The parts of `window` the link uses, so tests can hand it a stand-in. */
export interface PanelWindow {
  parent: MessageTarget;
  addEventListener(type: 'message', listener: (event: IncomingMessage) => void): void;
  removeEventListener(type: 'message', listener: (event: IncomingMessage) => void): void;
}

export interface EditorLink {
  requestContext(): void;
  reportHeight(height: number): void;
  dispose(): void;
}

/**
 * The panel's line to the Visual Editor that frames it: every message goes to the editor's origin only (never
 * '*'), and only messages from the parent window at that origin are read; everything else is ignored.
 */
export function createEditorLink(options: {
  window: PanelWindow;
  origin: string;
  tool: string;
  onContext: (context: EditorContext) => void;
}): EditorLink {
  const { window: host, origin, tool } = options;
  let lastHeight: number | null = null;
  const listener = (event: IncomingMessage) => {
    if (!isFromEditor(event, host.parent, origin)) return;
    const context = readGetContextResponse(event.data);
    if (context) options.onContext(context);
  };
  host.addEventListener('message', listener);
  return {
    requestContext: () => host.parent.postMessage(getContextRequest(tool), origin),
    reportHeight(height) {
      const message = heightChangeMessage(tool, height);
      // A ResizeObserver reports every layout pass; the editor only needs to hear about real changes.
      if (!message || message.height === lastHeight) return;
      lastHeight = message.height;
      host.parent.postMessage(message, origin);
    },
    dispose: () => host.removeEventListener('message', listener),
  };
}
