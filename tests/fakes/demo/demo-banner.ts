import path from 'node:path';
import { projectRoot } from '#server/paths.ts';
import type { DemoSpace } from './demo-space.ts';
import { demoAccount, demoContent } from './demo-settings.ts';

export interface BannerFacts {
  url: string;
  storyblokUrl: string;
  openAiUrl: string;
  stripeUrl: string;
  space: DemoSpace;
  dataDir: string;
}

/** What the newcomer needs, printed once everything is ready; the test reads the e-mail and password lines. */
export function demoBanner(facts: BannerFacts): string {
  const { url, space } = facts;
  const languages = space.locales.length > 0 ? space.locales.join(', ') : 'none yet';
  const relative = path.relative(projectRoot, facts.dataDir);
  const data = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : facts.dataDir;
  const rule = '─'.repeat(100);
  return [
    '',
    rule,
    `  Polyblok demo is ready: open ${url}`,
    '',
    `  E-mail      ${demoAccount.email}`,
    `  Password    ${demoAccount.password}`,
    '',
    `  Space       "${space.name}": ${space.keys} texts to translate into ${languages}`,
    `  Storyblok   a local stand-in on ${facts.storyblokUrl} (Management API under /<region>/v1)`,
    `  Token       ${demoContent.pat}`,
    `              the personal access token of the local Storyblok: in "Add a space" it offers`,
    `              "${demoContent.spareSpace.name}" too, to connect yourself`,
    `  E-mails     ${url}/dev/mail (sign-ups, invitations and password resets land here)`,
    `  AI          a local OpenAI stand-in on ${facts.openAiUrl}: its "translations" reverse each word's letters`,
    `              behind a [<language>] prefix and keep formatting, so you can see what AI translation does`,
    `  Billing     a local Stripe stand-in on ${facts.stripeUrl}: subscribe in Settings with the test card`,
    `              4242 4242 4242 4242; its billing portal cancels the plan`,
    `  Data        ${data} (npm run demo -- --reset starts over; your own data/pglite is not touched)`,
    '',
    '  Ctrl+C stops everything.',
    rule,
    '',
  ].join('\n');
}
