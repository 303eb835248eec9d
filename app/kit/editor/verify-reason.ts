import { isMacPlatform } from './shortcuts.ts';

export interface VerifyFacts {
  hasSaved: boolean;
  dirty: boolean;
  askPending: boolean;
  verified: boolean;
}

/**
 * Why the verify toggle cannot act on the key now, or null when it can. The switch shows it as its hint, and
 * Alt+V says it aloud, so a shortcut that does nothing never leaves the translator guessing.
 */
export function verifyRefusal(facts: Omit<VerifyFacts, 'verified'>): string | null {
  if (facts.askPending) return 'An AI translation is under way: verify it once it has arrived.';
  if (!facts.dirty && !facts.hasSaved) return 'Nothing to verify yet: write or AI-translate the text first.';
  return null;
}

/** The switch's hint: the refusal, or what the switch does. */
export function verifyHint(facts: VerifyFacts): string {
  const refused = verifyRefusal(facts);
  if (refused) return refused;
  if (facts.dirty) return `Save your changes first (${isMacPlatform() ? '⌥V' : 'Alt+V'} saves them verified)`;
  return facts.verified ? 'Mark as unverified' : 'Mark as verified';
}
