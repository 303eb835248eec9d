import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Origins allowed to frame the tool panel (Storyblok's Visual Editor). */
  panelFrameAncestors: string[];
  /** Vite's dev server needs inline scripts and a websocket for hot reload. */
  dev: boolean;
  /** The web app may load the Crisp chat (CRISP_WEBSITE_ID is set); the tool panel never does. */
  crisp?: boolean;
}

/** Crisp's hosts (docs.crisp.chat, "Crisp Domain Names"): script, styles and fonts, its websockets, files. */
const CRISP_CLIENT = 'https://client.crisp.chat';
const crispConnect = [
  CRISP_CLIENT,
  'https://storage.crisp.chat',
  'wss://client.relay.crisp.chat',
  'wss://stream.relay.crisp.chat',
];

export const PANEL_PREFIX = '/extension';
/** The app install's redirects (Storyblok's OAuth flow), walked by the panel's sign-in popup. */
const CONNECT_PREFIX = '/api/connect';

/**
 * Nothing may be framed (`frame-ancestors 'none'`) except the tool panel, which only Storyblok may frame.
 * The panel gets no X-Frame-Options: a browser that honours it over CSP would refuse the embed.
 */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const directives = (frameAncestors: string[], crisp = false) => {
    const extra = (...sources: string[]) => (crisp ? sources : []);
    return {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      frameAncestors,
      scriptSrc: [
        ...(options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'"]),
        ...extra(CRISP_CLIENT),
      ],
      // Mantine sets CSS variables through style elements and attributes.
      styleSrc: ["'self'", "'unsafe-inline'", ...extra(CRISP_CLIENT)],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:', ...extra(CRISP_CLIENT)],
      mediaSrc: ["'self'", ...extra(CRISP_CLIENT)],
      connectSrc: [...(options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"]), ...extra(...crispConnect)],
      upgradeInsecureRequests: null,
    };
  };
  const everywhere = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(["'none'"], options.crisp) },
    xFrameOptions: { action: 'deny' },
  });
  // The panel signs in through a popup that walks /api/connect/* and ends on /extension/, then hands its code to
  // the panel that opened it. Cross-Origin-Opener-Policy: same-origin on any of those pages would cut the popup
  // off from its opener (an iframe inside Storyblok), so they go without it.
  const connect = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(["'none'"]) },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: false,
  });
  const panel = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: directives(options.panelFrameAncestors.length > 0 ? options.panelFrameAncestors : ["'none'"]),
    },
    xFrameOptions: false,
    crossOriginOpenerPolicy: false,
  });
  return (req, res, next) => {
    const inPanel = req.path === PANEL_PREFIX || req.path.startsWith(`${PANEL_PREFIX}/`);
    const inConnect = req.path.startsWith(`${CONNECT_PREFIX}/`);
    (inPanel ? panel : inConnect ? connect : everywhere)(req, res, next);
  };
}
