import { seoFields, type SeoContent } from './seo-content.ts';

/** How many sent values are remembered to recognise the container's echoes of them. */
const REMEMBERED_SENDS = 50;

/** The values that matter, in a fixed order, whatever the key order of the object. */
function valuesKey(content: SeoContent): string {
  return JSON.stringify(seoFields.map((field) => content[field]));
}

export interface SeoDraft {
  get: () => SeoContent;
  subscribe: (listener: () => void) => () => void;
  /** An edit by the user: becomes the draft at once and is sent to the container. */
  edit: (patch: Partial<SeoContent>) => void;
  /** A value from the container: adopted unless it is the echo of something this draft sent. */
  receive: (content: SeoContent) => void;
}

/**
 * The value the inputs show. The container answers every update with a `state-changed` carrying the
 * value it got, asynchronously: while the user types, those echoes are older than the draft, and
 * feeding them back into the inputs would undo keystrokes and move the caret. A value the plugin
 * never sent (another editor's change, a reload) replaces the draft.
 */
export function createSeoDraft(initial: SeoContent, send: (content: SeoContent) => void): SeoDraft {
  let draft = initial;
  let sent: string[] = [];
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());

  return {
    get: () => draft,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    edit: (patch) => {
      draft = { ...draft, ...patch };
      sent = [...sent.slice(-(REMEMBERED_SENDS - 1)), valuesKey(draft)];
      notify();
      send(draft);
    },
    receive: (content) => {
      const key = valuesKey(content);
      if (key === valuesKey(draft) || sent.includes(key)) return;
      draft = content;
      sent = [];
      notify();
    },
  };
}
