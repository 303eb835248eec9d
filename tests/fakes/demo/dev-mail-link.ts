/** Reads the development outbox pages (`/dev/mail`) as a person would, to follow an e-mailed link. */

const entities: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescapeHtml = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity]!);

/** Ids of the messages to an address, newest first. */
export async function outboxIds(baseUrl: string, to: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/dev/mail?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`${baseUrl}/dev/mail answered ${response.status}`);
  const page = await response.text();
  return [...page.matchAll(/href="\/dev\/mail\/([0-9a-f-]{36})"/g)].map((match) => match[1]!);
}

/**
 * The /auth/v1/verify link of the first message to the address that is not in `seen`, waiting for it: the
 * server sends mail from a background job, after answering the request that caused it. Null when that message
 * has no such link (the e-mail a sign-up sends to an address that already has an account).
 */
export async function waitForNewMailLink(
  baseUrl: string,
  to: string,
  seen: ReadonlySet<string>,
  timeoutMs = 30_000,
): Promise<string | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const id = (await outboxIds(baseUrl, to)).find((candidate) => !seen.has(candidate));
    if (id) {
      const page = await (await fetch(`${baseUrl}/dev/mail/${id}`)).text();
      const link = /https?:\/\/[^\s"<]+\/auth\/v1\/verify\?[^\s"<]+/.exec(page)?.[0];
      return link ? unescapeHtml(link) : null;
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} arrived in ${baseUrl}/dev/mail.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
