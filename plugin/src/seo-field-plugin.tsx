import type { SeoPluginState } from './field-plugin-connection.ts';
import { SeoEditor } from './seo-editor.tsx';
import type { SeoSession } from './seo-plugin-session.ts';

export function SeoFieldPlugin({ state, session }: { state: SeoPluginState; session: SeoSession | null }) {
  if (state.type === 'error') {
    return (
      <div className="pb-seo">
        <p className="pb-notice pb-notice--error" role="alert">
          The SEO field could not start: {state.error.message}
        </p>
      </div>
    );
  }
  // The container answers the handshake within milliseconds; a placeholder would only flash.
  if (state.type === 'loading' || !session) return null;
  return <SeoEditor data={state.data} actions={state.actions} session={session} />;
}
