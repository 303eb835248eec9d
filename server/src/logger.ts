import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Secrets must never reach a log line: headers that carry credentials, and any field with one of these
 * names wherever it sits in a logged object.
 */
const secretFields = [
  'password',
  'new_password',
  'access_token',
  'refresh_token',
  'token',
  'personal_access_token',
  'code',
  'secret',
  'authorization',
  'cookie',
];

export function createLogger(options: { level: string; destination?: DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'polyblok' },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          ...secretFields,
          ...secretFields.map((field) => `*.${field}`),
        ],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}

// connect_code: the tool panel's one-time sign-in code on /extension/ after a Storyblok app install.
const secretQueryNames = new Set([...secretFields, 'token_hash', 'otp', 'state', 'connect_code', 'ticket']);

/** The URL as it may be logged: values of credential-like query parameters are replaced. */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) {
    if (secretQueryNames.has(name.toLowerCase())) params.set(name, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}
