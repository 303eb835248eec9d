import type { RequestHandler } from 'express';
import helmet from 'helmet';

export interface SecurityOptions {
  /** Origins allowed to frame the tool panel (Storyblok's Visual Editor). */
  panelFrameAncestors: string[];
  /** Vite's dev server needs inline scripts and a websocket for hot reload. */
  dev: boolean;
}

export const PANEL_PREFIX = '/extension';

/**
 * Nothing may be framed (`frame-ancestors 'none'`) except the tool panel, which only Storyblok may frame.
 * The panel gets no X-Frame-Options: a browser that honours it over CSP would refuse the embed.
 */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const directives = (frameAncestors: string[]) => ({
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors,
    scriptSrc: options.dev ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'"],
    // Mantine sets CSS variables through style elements and attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: options.dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    upgradeInsecureRequests: null,
  });
  const everywhere = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: directives(["'none'"]) },
    xFrameOptions: { action: 'deny' },
  });
  const panel = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: directives(options.panelFrameAncestors.length > 0 ? options.panelFrameAncestors : ["'none'"]),
    },
    xFrameOptions: false,
  });
  return (req, res, next) => {
    const inPanel = req.path === PANEL_PREFIX || req.path.startsWith(`${PANEL_PREFIX}/`);
    (inPanel ? panel : everywhere)(req, res, next);
  };
}
