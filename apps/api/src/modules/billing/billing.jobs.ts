// The month-boundary invoicing as a durable scheduled job (docs/decisions/173, 139): pg-boss
// runs `billing-monthly-invoices` at 00:15 UTC on the 1st in one worker of the deployment (the
// cron lives in the database); it issues last month's invoices from the recorded spend and
// charges them. A run that fails (the provider unreachable) is retried with backoff; a retry
// skips what is done (one invoice per account and month, attempts recorded per invoice).
import { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import { runMonthlyInvoicing } from './billing.service.ts';
import type { PaymentProvider } from './payment-provider.ts';

export const BILLING_MONTHLY_JOB = 'billing-monthly-invoices';
/** Decision (173): 00:15 UTC on the first day of each month (after the last day's rollups). */
export const BILLING_MONTHLY_CRON = '15 0 1 * *';

/** Scheduled runs carry no data (last month); a run sent by an operator may name the month. */
export const billingJobData = z
  .object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) })
  .nullish();

export function defineBillingJobs(deps: AppDeps, provider: PaymentProvider): void {
  deps.jobs.define({
    name: BILLING_MONTHLY_JOB,
    data: billingJobData,
    retryLimit: 5,
    retryDelaySeconds: 5 * 60,
    retryDelayMaxSeconds: 6 * 60 * 60,
    expireInSeconds: 60 * 60,
    concurrency: 1,
    cron: BILLING_MONTHLY_CRON,
    run: async (data) => {
      const result = await runMonthlyInvoicing(
        deps,
        provider,
        data?.month ? `${data.month}-01` : undefined,
      );
      deps.log.info(result, 'billing: monthly invoices');
    },
  });
}
