import { Router, type Response } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/prisma.ts';
import { escapeHtml } from './html.ts';
import { PRODUCT_NAME } from './mail-layout.ts';

const LIST_LIMIT = 200;

/** Where the outbox pages are served. */
export const OUTBOX_PATH = '/dev/mail';

/**
 * The outbox as pages, outside production only: people and end-to-end tests open a message and follow its
 * links without a mail server. Plain server-rendered HTML with real links and no script, so the site's
 * strict CSP holds here too.
 */
export function devMailRoutes(prisma: Database): Router {
  const router = Router();
  router.use(OUTBOX_PATH, (_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get(OUTBOX_PATH, async (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to.trim().toLowerCase() : '';
    const messages = await prisma.emailMessage.findMany({
      where: to ? { to } : {},
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: LIST_LIMIT,
      select: { id: true, to: true, subject: true, status: true, createdAt: true },
    });
    const rows = messages.map(
      (message) =>
        `<tr><td><time datetime="${message.createdAt.toISOString()}">${message.createdAt.toISOString()}</time></td>` +
        `<td>${escapeHtml(message.to)}</td>` +
        `<td><a href="/dev/mail/${message.id}">${escapeHtml(message.subject)}</a></td>` +
        `<td>${message.status}</td></tr>`,
    );
    const body = [
      `<h1>Outbox${to ? ` for ${escapeHtml(to)}` : ''}</h1>`,
      '<p>Every e-mail the server sent, newest first. Outside production only.</p>',
      '<form method="get" action="/dev/mail"><label>Address <input type="email" name="to" value="' +
        `${escapeHtml(to)}"></label> <button type="submit">Filter</button></form>`,
      messages.length === 0
        ? '<p>No e-mail yet.</p>'
        : `<table><thead><tr><th>Time</th><th>To</th><th>Subject</th><th>Status</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    ];
    sendPage(res, 200, 'Outbox', body.join('\n'));
  });

  router.get(`${OUTBOX_PATH}/:id`, async (req, res) => {
    const id = z.uuid().safeParse(req.params.id);
    const message = id.success
      ? await prisma.emailMessage.findUnique({
          where: { id: id.data },
          select: { to: true, subject: true, text: true, html: true, status: true, createdAt: true },
        })
      : null;
    if (!message) {
      sendPage(res, 404, 'Not found', '<h1>No such e-mail</h1><p><a href="/dev/mail">Back to the outbox</a></p>');
      return;
    }
    const body = [
      '<p><a href="/dev/mail">Back to the outbox</a></p>',
      `<h1>${escapeHtml(message.subject)}</h1>`,
      `<dl><dt>To</dt><dd>${escapeHtml(message.to)}</dd><dt>Time</dt><dd>${message.createdAt.toISOString()}</dd>` +
        `<dt>Status</dt><dd>${message.status}</dd></dl>`,
      '<h2>HTML part</h2>',
      // The HTML is the product's own template with every value escaped when it was rendered.
      `<section class="message">${bodyOf(message.html)}</section>`,
      '<h2>Text part</h2>',
      `<pre>${escapeHtml(message.text)}</pre>`,
    ];
    sendPage(res, 200, message.subject, body.join('\n'));
  });
  return router;
}

function bodyOf(html: string): string {
  return /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? escapeHtml(html);
}

function sendPage(res: Response, status: number, title: string, body: string): void {
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${escapeHtml(title)} | ${PRODUCT_NAME} dev mail</title>` +
        '<style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f2330}table{border-collapse:collapse}' +
        'td,th{border-bottom:1px solid #ddd;padding:6px 10px;text-align:left}pre{white-space:pre-wrap}' +
        '.message{border:1px solid #ddd;padding:8px}</style></head>' +
        `<body>${body}</body></html>`,
    );
}
