/**
 * The Crisp chat behind the Support item, loaded from Crisp only when a user first asks for it (the script
 * is large and talks to Crisp: nobody who never needs support pays for it). Commands go through `$crisp`,
 * Crisp's queue, which its script picks up once it has loaded.
 */
const CRISP_SCRIPT_URL = 'https://client.crisp.chat/l.js';

type CrispCommand = unknown[];

interface CrispWindow {
  $crisp?: { push: (command: CrispCommand) => unknown };
  CRISP_WEBSITE_ID?: string;
}

export interface CrispIdentity {
  websiteId: string;
  email: string;
  /** crisp_signature from /me: Crisp marks the e-mail as verified only with it. */
  signature: string | null;
}

function crispWindow(): CrispWindow {
  return window as unknown as CrispWindow;
}

function push(command: CrispCommand): void {
  const host = crispWindow();
  // Before the script loads, $crisp is a plain array Crisp replays; afterwards it is Crisp's own object.
  const queue = (host.$crisp ??= [] as CrispCommand[]);
  queue.push(command);
}

let scriptAdded = false;

export function openCrispChat({ websiteId, email, signature }: CrispIdentity): void {
  if (!scriptAdded) {
    crispWindow().CRISP_WEBSITE_ID = websiteId;
    // No floating launcher over the screens: the chat shows when asked for and hides again when closed.
    push(['safe', true]);
    push(['on', 'chat:closed', () => push(['do', 'chat:hide'])]);
    const script = document.createElement('script');
    script.src = CRISP_SCRIPT_URL;
    script.async = true;
    document.head.appendChild(script);
    scriptAdded = true;
  }
  // Set on every opening: after a logout, the next person in this tab is someone else.
  push(['set', 'user:email', signature ? [email, signature] : [email]]);
  push(['do', 'chat:show']);
  push(['do', 'chat:open']);
}

/** Spec section 4: logging out resets the chat session, so the next user does not see this one's chat. */
export function resetCrispSession(): void {
  if (!scriptAdded) return;
  push(['do', 'chat:hide']);
  push(['do', 'session:reset']);
}
