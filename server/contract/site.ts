import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** What this Polyblok tells anyone before they sign in: how it is set up, where it differs from a hosted one. */
export const siteInfoSchema = z.object({
  /**
   * Where this server's e-mails can be read when it sends none (development and the demo, without SMTP_URL):
   * sign-up and password screens point there. Null when e-mail really goes out.
   */
  outbox_url: z.string().nullable(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const getSiteInfo = defineEndpoint('getSiteInfo', {
  response: siteInfoSchema,
});
