/**
 * Personal API tokens: the rules both the server and the profile screen apply. Zod-free, so the browser bundles it.
 */

/** Every secret starts so, which tells a script's token from a session's JWT at a glance (and in a leak scan). */
export const API_TOKEN_PREFIX = 'pbk_';

export const API_TOKEN_NAME_MAX = 100;

/** A user keeps at most this many unrevoked tokens: enough for every script, few enough to review. */
export const MAX_ACTIVE_API_TOKENS = 50;

/** How often a token's last use is written at most: a script's every request need not be a write. */
export const API_TOKEN_LAST_USE_STEP_MS = 60_000;
