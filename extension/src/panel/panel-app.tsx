import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportedStorage } from '@supabase/auth-js';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PanelSpace } from '#contract/connect.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { useAuth } from '#kit/auth/auth-context.ts';
import { LogoLoader } from '#kit/components/logo-loader.tsx';
import { ServerStatusBanner } from '#kit/components/server-status-banner.tsx';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { panelConfigQueryOptions } from '../panel-api.ts';
import type { ConnectReturn } from '../session/connect-return.ts';
import type { ExchangeCode } from '../session/panel-sign-in.ts';
import { forgetSpace, storedSpace } from '../session/panel-session.ts';
import { ConfigErrorState, HandedOverState, OutsideEditorState, WaitingForEditorState } from './panel-states.tsx';
import { SecondFactorView } from './second-factor-view.tsx';
import { SignInView } from './sign-in-view.tsx';
import { useVisualEditor } from './use-visual-editor.ts';

export interface PanelAppProps {
  /** How the panel was opened: as the end of a sign-in or not (settled once, before the first render needs it). */
  boot: Promise<ConnectReturn>;
  storage: SupportedStorage;
  exchange: ExchangeCode;
}

// The key editor is most of the panel's code: signing in does not wait for it.
const StoryPanel = lazy(() => import('./story-panel.tsx').then((module) => ({ default: module.StoryPanel })));

const SLUG = /^[A-Za-z0-9@._-]{1,100}$/;

/** The tool slug Storyblok put in the panel's address (App Bridge does), else the configured one. */
function toolSlug(configured: string): string {
  const fromUrl = new URLSearchParams(window.location.search).get('slug');
  return fromUrl && SLUG.test(fromUrl) ? fromUrl : configured;
}

/**
 * The tool panel: signs in through Storyblok, then shows the story open in the Visual Editor; above it, while
 * Polyblok cannot save changes, the banner that says so.
 */
export function PanelApp(props: PanelAppProps) {
  return (
    <>
      <ServerStatusBanner />
      <PanelScreens {...props} />
    </>
  );
}

function PanelScreens({ boot, storage, exchange }: PanelAppProps) {
  usePageTitle('Tool panel');
  const api = useApi();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const config = useQuery(panelConfigQueryOptions(api));
  const [start, setStart] = useState<ConnectReturn | null>(null);
  const [space, setSpace] = useState<PanelSpace | null | undefined>(undefined);
  const editor = useVisualEditor(
    config.data ? { origins: config.data.storyblok_origins, tool: toolSlug(config.data.tool_slug) } : null,
  );

  useEffect(() => {
    let active = true;
    void boot.then(async (result) => {
      const found = result.kind === 'signed-in' ? result.space : await storedSpace(storage);
      if (!active) return;
      setStart(result);
      setSpace(found);
    });
    return () => {
      active = false;
    };
  }, [boot, storage]);

  const signOut = async () => {
    await forgetSpace(storage);
    setSpace(null);
    await auth.signOut();
    queryClient.clear();
  };

  if (start?.kind === 'handed-over') return <HandedOverState />;
  if (config.isError) return <ConfigErrorState onRetry={() => void config.refetch()} />;
  if (!start || !config.data || space === undefined || auth.status === 'unknown') return <LogoLoader />;

  const signIn = (reason?: string) => (
    <SignInView
      available={config.data.sign_in_available}
      storage={storage}
      exchange={exchange}
      onSignedIn={setSpace}
      initialError={start.kind === 'failed' ? start.error : undefined}
      reason={reason}
    />
  );
  // Opened on its own the panel has no story to show, so it says where it belongs; a sign-in that failed in
  // its own window (a blocked popup's flow) still shows why.
  if (!editor.connected && start.kind !== 'failed') return <OutsideEditorState />;
  if (auth.status === 'signed_out' || !space) return signIn();
  if (auth.needsSecondFactor) return <SecondFactorView />;
  if (!editor.context) return <WaitingForEditorState />;
  const storySpace = editor.context.story.spaceId;
  if (storySpace !== null && storySpace !== space.storyblok_space_id) {
    return signIn(
      `This story is in another Storyblok space than ${space.name}. Sign in again to translate it with Polyblok.`,
    );
  }
  return (
    <Suspense fallback={<LogoLoader />}>
      <StoryPanel space={space} context={editor.context} onSignOut={() => void signOut()} />
    </Suspense>
  );
}
