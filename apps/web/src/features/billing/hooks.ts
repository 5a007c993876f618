// Every billing request the web makes (business.md §2.1 /billing/; docs/decisions/171–173): the
// billing overview and quick promote's "has billing" status, the profile and card writes, the
// charges, order lines and invoices lists, paying an invoice, and the PDF's address.
import type {
  BillingCharge,
  BillingOverview,
  BillingProfileForm,
  CardInput,
  Invoice,
  OrderLine,
  PaymentMethodInput,
} from '@corkboard/shared/business/billing';
import { DEFAULT_PAGE_SIZE } from '@corkboard/shared/pagination';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiGetPage, apiSend } from '../../api/client.ts';
import { listQueryOptions } from '../../api/lists.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { createProcessorPaymentMethod, type CardEntry } from './cardEntry.ts';

export function billingPath(advertiserId: string): string {
  return `/v3/ads/advertisers/${encodeURIComponent(advertiserId)}/billing`;
}

export function useBilling(advertiserId: string) {
  return useQuery({
    queryKey: queryKeys.billingList(advertiserId, 'overview'),
    queryFn: ({ signal }) => apiGet<BillingOverview>(`${billingPath(advertiserId)}/`, { signal }),
    retry: false,
  });
}

function useBillingWrite<Input, Answer>(
  advertiserId: string,
  send: (input: Input) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.billing(advertiserId) });
    },
  });
}

export function useSaveBillingProfile(advertiserId: string) {
  return useBillingWrite(advertiserId, (profile: BillingProfileForm) =>
    apiSend<BillingOverview>('PUT', `${billingPath(advertiserId)}/profile/`, profile),
  );
}

/**
 * Saves a typed card: with a card-entry endpoint (Stripe) the card goes to the processor first
 * and only its payment method id comes to our API (cardEntry.ts); else to our API as typed.
 */
export function useSavePaymentMethod(advertiserId: string, entry: CardEntry | null) {
  return useBillingWrite(advertiserId, async (card: CardInput) => {
    const input: PaymentMethodInput = entry
      ? { payment_method_id: await createProcessorPaymentMethod(entry, card) }
      : { card };
    return apiSend<BillingOverview>('PUT', `${billingPath(advertiserId)}/payment_method/`, input);
  });
}

export function usePayInvoice(advertiserId: string) {
  return useBillingWrite(advertiserId, (invoiceId: string) =>
    apiSend<Invoice>(
      'POST',
      `${billingPath(advertiserId)}/documents/${encodeURIComponent(invoiceId)}/pay/`,
      {},
    ),
  );
}

export function useCharges(advertiserId: string) {
  return useInfiniteQuery({
    ...listQueryOptions<BillingCharge>(
      queryKeys.billingList(advertiserId, 'history'),
      `${billingPath(advertiserId)}/history/`,
    ),
    retry: false,
  });
}

export function useInvoices(advertiserId: string) {
  return useInfiniteQuery({
    ...listQueryOptions<Invoice>(
      queryKeys.billingList(advertiserId, 'documents'),
      `${billingPath(advertiserId)}/documents/`,
    ),
    retry: false,
  });
}

export function useOrderLines(advertiserId: string, range: { from: string; to: string }) {
  const query: Record<string, string> = {};
  if (range.from) query.start_date = range.from;
  if (range.to) query.end_date = range.to;
  return useInfiniteQuery({
    queryKey: queryKeys.billingList(advertiserId, 'orderLines', range.from, range.to),
    queryFn: ({ pageParam, signal }) =>
      apiGetPage<OrderLine>(`${billingPath(advertiserId)}/order_lines/`, {
        bookmark: pageParam,
        pageSize: DEFAULT_PAGE_SIZE,
        query,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.bookmark,
    retry: false,
  });
}

/** The invoice PDF's address (a plain link: the browser saves the attachment). */
export function invoicePdfUrl(advertiserId: string, invoiceId: string): string {
  return `${billingPath(advertiserId)}/documents/${encodeURIComponent(invoiceId)}/pdf/`;
}

/**
 * Asks the server, now, whether the ad account has billing (quick promote's §4.1 transition):
 * always a fresh answer, cached for the billing step that may follow.
 */
export function useBillingStatusCheck() {
  const queryClient = useQueryClient();
  return (advertiserId: string) =>
    queryClient.fetchQuery({
      queryKey: queryKeys.billingList(advertiserId, 'status'),
      queryFn: ({ signal }) =>
        apiGet<{ has_billing: boolean }>(`${billingPath(advertiserId)}/status/`, { signal }),
      staleTime: 0,
    });
}
