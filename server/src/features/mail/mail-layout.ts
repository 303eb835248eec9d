import { escapeHtml } from './html.ts';

export const PRODUCT_NAME = 'Polyblok';

/** What an e-mail says; the layout turns it into the plain-text and HTML parts every message has. */
export interface MailContent {
  heading: string;
  paragraphs: string[];
  /** A button in HTML, a bare URL in the text part. */
  action?: { label: string; url: string };
  /** A code to type, shown large. */
  code?: string;
  /** Closing lines in small print, such as what to do when the mail was not expected. */
  notes?: string[];
}

export interface RenderedMail {
  text: string;
  html: string;
}

export function renderMail(content: MailContent): RenderedMail {
  const textParts = [content.heading, '', ...content.paragraphs.flatMap((line) => [line, ''])];
  if (content.action) textParts.push(`${content.action.label}:`, content.action.url, '');
  if (content.code) textParts.push(content.code, '');
  if (content.notes) textParts.push(...content.notes.flatMap((line) => [line, '']));
  textParts.push(`-- ${PRODUCT_NAME}`);

  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<title>${escapeHtml(content.heading)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2330">',
    '<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">',
    `<p style="margin:0 0 24px;font-weight:bold;font-size:18px;color:#5b3fd6">${PRODUCT_NAME}</p>`,
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map(paragraph),
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#5b3fd6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#5c6070">Or open this link: <a href="${escapeHtml(content.action.url)}">${escapeHtml(content.action.url)}</a></p>`
      : '',
    content.code
      ? `<p style="margin:24px 0;font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(content.code)}</p>`
      : '',
    ...(content.notes ?? []).map(
      (line) => `<p style="margin:0 0 8px;font-size:13px;color:#5c6070">${escapeHtml(line)}</p>`,
    ),
    `<p style="margin:24px 0 0;font-size:13px;color:#5c6070">${PRODUCT_NAME}</p>`,
    '</div></body></html>',
  ]
    .filter(Boolean)
    .join('\n');
  return { text: textParts.join('\n'), html };
}
