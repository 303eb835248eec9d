import { useMutation } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';

/**
 * Starts the Entry Plan's Stripe Checkout (owners; the server checks) and answers the checkout page's address:
 * the caller sends the browser there. Nothing changes here until Stripe's webhook says the payment went through.
 */
export function useStartCheckout(spaceId: number) {
  const api = useApi();
  return useMutation({
    mutationFn: async () => (await api.call('startCheckout', { params: { id: spaceId } })).url,
  });
}
