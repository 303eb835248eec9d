import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The logo mark of the kit's LogoMark, as a favicon: the tab shows the same two blocks as the sidebar. */
const iconSvg =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><defs><linearGradient id='g' x1='0' y1='0' x2='32' y2='32' gradientUnits='userSpaceOnUse'><stop offset='0' stop-color='#5663d8'/><stop offset='1' stop-color='#7c3aed'/></linearGradient></defs><rect width='32' height='32' rx='8' fill='url(#g)'/><rect x='7' y='7' width='12' height='12' rx='3' fill='#fff' fill-opacity='.5'/><rect x='13' y='13' width='12' height='12' rx='3' fill='#fff'/></svg>";

// Inline, so the icon costs no request; only the characters a data URL cannot carry as they are get escaped.
const iconHref = `data:image/svg+xml,${iconSvg.replace(/[<>#]/g, encodeURIComponent)}`;

const shellTags: HtmlTagDescriptor[] = [
  { tag: 'meta', attrs: { charset: 'UTF-8' }, injectTo: 'head-prepend' },
  {
    tag: 'meta',
    attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1.0' },
    injectTo: 'head-prepend',
  },
  { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: iconHref }, injectTo: 'head-prepend' },
  // The screens set their own title once they run; this one shows while the script loads.
  { tag: 'title', children: 'Polyblok', injectTo: 'head-prepend' },
  // Each entry's main.tsx renders into this element.
  { tag: 'div', attrs: { id: 'root' }, injectTo: 'body-prepend' },
];

/**
 * What every Polyblok page has around its own script (character set, viewport, icon, title, the element React
 * renders into), added by Vite to each index.html, in builds and in development alike, so that the web app
 * and the tool panel cannot drift apart. An index.html holds only what is its own.
 */
export function polyblokPageShell(): Plugin {
  return { name: 'polyblok:page-shell', transformIndexHtml: () => shellTags };
}
