import { isStripeError } from '../../adapters/stripe/stripe-client.ts';
import { AppError } from '../../errors.ts';

/**
 * Runs a call to Stripe: its refusals and outages become `billing_unavailable` with Stripe's reason (a person
 * can act on "No such price"), never a 500.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    throw new AppError('billing_unavailable', `Stripe could not ${what}: ${error.message} Nothing was changed.`);
  }
}
