/**
 * Where a link may send the browser after it signs in: a page of the site (SITE_URL) and nowhere else. Anything
 * else, including a look-alike host or another scheme, falls back to the site's own page, as GoTrue does with
 * redirect URLs that are not allowed. The fragment is dropped: the session goes there.
 */
export function safeRedirect(siteUrl: string, requested: unknown, fallbackPath: string): string {
  const fallback = `${siteUrl}${fallbackPath}`;
  if (typeof requested !== 'string' || requested === '' || requested.length > 2048) return fallback;
  let url: URL;
  try {
    url = new URL(requested, `${siteUrl}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== siteUrl || url.username || url.password) return fallback;
  url.hash = '';
  return url.toString();
}
