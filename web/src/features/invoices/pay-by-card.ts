import { useState } from 'react';
import { callApi } from '../../lib/api-client';

/**
 * "Pay by card": a Checkout Session for the invoice, then the browser goes to its page (spec 000 section 7:
 * a response with a session url redirects there). The button stays busy until the page leaves.
 */
export function usePayByCard() {
  const [paying, setPaying] = useState<string | undefined>();
  const pay = async (invoiceId: string) => {
    setPaying(invoiceId);
    try {
      const answer = await callApi('invoices.checkoutSession', {
        params: { id: invoiceId },
        body: { id: invoiceId },
      });
      window.location.assign(answer.stripeSession.url);
    } catch {
      // Toasted by the API client.
      setPaying(undefined);
    }
  };
  return { paying, pay };
}
