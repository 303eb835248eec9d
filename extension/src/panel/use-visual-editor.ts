import { useEffect, useState } from 'react';
import { createEditorLink } from '../host/editor-link.ts';
import { editorOrigin } from '../protocol/editor-origin.ts';
import type { EditorContext } from '../protocol/get-context.ts';

/**
 * How often the panel asks the Visual Editor for its context again. Storyblok answers getContext but is not
 * known to announce a change of story or language by itself, so the panel asks; a message is cheap.
 */
const CONTEXT_POLL_MS = 2_000;

export interface VisualEditor {
  /** The panel is framed by a configured Storyblok origin and talks to it. */
  connected: boolean;
  /** The story and language the editor shows; null until it answered. */
  context: EditorContext | null;
}

const sameContext = (a: EditorContext | null, b: EditorContext) =>
  a !== null && a.story.id === b.story.id && a.language === b.language && a.story.name === b.story.name;

/** The line to the Visual Editor: the context it reports, and the panel's height kept in step with it. */
export function useVisualEditor(config: { origins: string[]; tool: string } | null): VisualEditor {
  const [context, setContext] = useState<EditorContext | null>(null);
  const framed = window.parent !== window;
  const origin =
    config && framed
      ? editorOrigin(config.origins, {
          ancestorOrigins: window.location.ancestorOrigins ? [...window.location.ancestorOrigins] : undefined,
          referrer: document.referrer,
        })
      : null;
  const tool = config?.tool ?? null;

  useEffect(() => {
    if (!origin || !tool) return;
    const link = createEditorLink({
      window,
      origin,
      tool,
      onContext: (next) => setContext((current) => (sameContext(current, next) ? current : next)),
    });
    link.requestContext();
    const poll = window.setInterval(() => {
      if (document.visibilityState === 'visible') link.requestContext();
    }, CONTEXT_POLL_MS);
    const measure = () => link.reportHeight(document.body.getBoundingClientRect().height);
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    measure();
    return () => {
      window.clearInterval(poll);
      observer.disconnect();
      link.dispose();
    };
  }, [origin, tool]);

  return { connected: origin !== null, context };
}
