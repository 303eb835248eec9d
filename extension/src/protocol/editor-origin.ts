/**
 * Which Visual Editor the panel talks to. It only ever posts to one of the configured Storyblok origins, and
 * only listens to messages that come from its parent window at one of them.
 */

/** The origin of the page that frames the panel, when it is one of the allowed ones; null otherwise. */
export function editorOrigin(
  allowed: readonly string[],
  hints: { ancestorOrigins?: readonly string[]; referrer?: string },
): string | null {
  const candidates = [hints.ancestorOrigins?.[0], originOf(hints.referrer)];
  for (const candidate of candidates) if (candidate && allowed.includes(candidate)) return candidate;
  // Without a hint (a referrer policy that strips it, no ancestorOrigins outside Chromium), one allowed origin
  // is unambiguous; with several, sending to a guess could hand the message to the wrong page.
  return allowed.length === 1 ? allowed[0]! : null;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export interface IncomingMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

/** A message the panel may read: sent by its parent window, from the Visual Editor's origin. */
export function isFromEditor(event: IncomingMessage, parent: unknown, origin: string): boolean {
  return event.source === parent && event.origin === origin;
}
