import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestCertificate {
  certFile: string;
  keyFile: string;
  /** The certificate (PEM), for clients that must trust it. */
  cert: string;
  dispose(): void;
}

/**
 * A throwaway self-signed certificate for localhost and 127.0.0.1 (openssl, one day): Storyblok's app install
 * only works over https, so the tests that drive it serve Polyblok with this.
 */
export function makeTestCertificate(): TestCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), 'polyblok-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return {
    certFile,
    keyFile,
    cert: readFileSync(certFile, 'utf8'),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function bodyOf(init: RequestInit | undefined): string | undefined {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams) return body.toString();
  throw new Error('fetchTrusting sends string and URLSearchParams bodies only');
}

function toResponse(message: IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const status = message.statusCode ?? 500;
  return new Response([204, 304].includes(status) ? null : new Uint8Array(body), { status, headers });
}

/**
 * A fetch that trusts `ca` for https (Node's own fetch cannot be given a CA) and never follows redirects, so a
 * test sees every hop of a redirect flow. http URLs (the local Storyblok) work too.
 */
export function fetchTrusting(ca: string): typeof fetch {
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = bodyOf(init);
    if (body !== undefined && !headers['content-type']) {
      headers['content-type'] =
        init?.body instanceof URLSearchParams ? 'application/x-www-form-urlencoded' : 'text/plain';
    }
    const options = { method: init?.method ?? 'GET', headers };
    return new Promise<Response>((resolve, reject) => {
      const done = (message: IncomingMessage) => {
        const chunks: Buffer[] = [];
        message.on('data', (chunk: Buffer) => chunks.push(chunk));
        message.on('end', () => resolve(toResponse(message, Buffer.concat(chunks))));
        message.on('error', reject);
      };
      const outgoing =
        url.protocol === 'https:' ? httpsRequest(url, { ...options, ca }, done) : httpRequest(url, options, done);
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}
