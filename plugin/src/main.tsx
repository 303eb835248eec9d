import './plugin.css';
import { createRoot } from 'react-dom/client';
import { SeoFieldPlugin } from './seo-field-plugin.tsx';
import { startSeoPlugin } from './seo-plugin-session.ts';

/** Storyblok's page for a field plugin has `<div id="app">`; a bare page (a test container's) may not. */
function mountPoint(): HTMLElement {
  const existing = document.getElementById('app');
  if (existing) return existing;
  const element = document.createElement('div');
  element.id = 'app';
  document.body.appendChild(element);
  return element;
}

const root = createRoot(mountPoint());

startSeoPlugin({
  // Set at build time (FIELD_PLUGIN_CONTAINER_ORIGIN) so tests can host the plugin in a local container page.
  targetOrigin: import.meta.env.FIELD_PLUGIN_CONTAINER_ORIGIN as string,
  render: (state, session) => root.render(<SeoFieldPlugin state={state} session={session} />),
});
