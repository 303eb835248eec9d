/**
 * What Storyblok says about a token's rate (reference storyblok.md §1.3 and §9): Management API requests per
 * second are 3 on the Starter plan and 6 on Growth and every plan above; there is no documented mapping from
 * `plan`/`plan_level` to a rate, so only plan names the docs list are read, and anything else keeps the
 * configured rate. A 429 names the limit itself: "Rate limit of 6 request per second reached. Retry later."
 */
export const STARTER_REQUESTS_PER_SECOND = 3;

const starterPlans = /^(starter|community|free|developer)/i;
const paidPlans = /^(growth|premium|elite|business|enterprise|entry|teams?|professional)/i;

export function rateOfPlan(plan: string | null | undefined, planLevel: number | null | undefined): number | null {
  if (plan && starterPlans.test(plan)) return STARTER_REQUESTS_PER_SECOND;
  if (plan && paidPlans.test(plan)) return 6;
  // The one level the docs and answers agree on: 0 is the free Starter plan.
  if (!plan && planLevel === 0) return STARTER_REQUESTS_PER_SECOND;
  return null;
}

/** The limit a 429's body names, or null when it names none. */
export function rateOfTooManyRequests(body: string): number | null {
  const match = /rate limit of (\d+(?:\.\d+)?) requests? per second/i.exec(body);
  const rate = match ? Number(match[1]) : NaN;
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}
