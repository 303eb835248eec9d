/**
 * Outgoing webhooks (a space's hooks): the events a hook can be told about and the limits, without zod so the
 * browser's settings screen imports them; space-hooks.ts builds the API's schemas from the same values.
 */
export const hookEventTypes = [
  'story.language_completed',
  'story.language_verified',
  'write_back.failed',
  'sync.finished',
  'ai_run.finished',
] as const;

export type HookEventType = (typeof hookEventTypes)[number];

/** The event "Send test event" sends: to the hook asked, whatever events it listens to. */
export const HOOK_TEST_EVENT = 'ping';

/** What each event means, as the settings screen lists it. */
export const hookEventLabels: Record<HookEventType, string> = {
  'story.language_completed': 'A language of a story is fully translated',
  'story.language_verified': 'A language of a story is fully verified',
  'write_back.failed': 'Writing a story to Storyblok failed',
  'sync.finished': 'A sync of the space ended',
  'ai_run.finished': 'An AI run ended',
};

export const HOOK_URL_MAX = 2000;
/** Hooks a space may have: each event is sent to every one of them. */
export const HOOKS_PER_SPACE_MAX = 20;
/** The deliveries kept, and shown, per hook; older ones are removed as new ones are sent. */
export const HOOK_DELIVERIES_KEPT = 50;
/** A delivery is retried with backoff for this long after its event, then given up. */
export const HOOK_RETRY_HOURS = 24;
