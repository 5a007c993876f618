// The console's billing pages (business.md §2.1 /billing/ with history, order_lines and
// documents; issue 11; docs/decisions/171–173): the billing profile and payment method, every
// charge (failed ones included), spend per campaign per day, and the monthly invoices as PDF.
// The server checks view_billing on every read and manage_billing on every write; the page only
// disables what the server would refuse.
import { advertiserUrl } from '@corkboard/shared/business/advertiser-urls';
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import type { Invoice, OrderLine } from '@corkboard/shared/business/billing';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { flattenPages } from '../../api/lists.ts';
import { serverMessage } from '../../api/errorMessages.ts';
import { BILLING_NAMESPACE, ensureBillingCatalogue } from '../../i18n/billingCatalogue.ts';
import { LoadingState } from '../../ui/PageStates.tsx';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useBillingMoney } from './billingFormat.ts';
import { BillingProfileForm } from './BillingProfileForm.tsx';
import {
  invoicePdfUrl,
  useBilling,
  useCharges,
  useInvoices,
  useOrderLines,
  usePayInvoice,
} from './hooks.ts';
import { PaymentMethodForm } from './PaymentMethodForm.tsx';

export type BillingPageKind = 'settings' | 'history' | 'orderLines' | 'documents';

export function BillingPage({
  context,
  page,
}: {
  context: AdvertiserContext;
  page: BillingPageKind;
}) {
  const { i18n } = useTranslation();
  ensureBillingCatalogue(i18n);
  const { t } = useTranslation(BILLING_NAMESPACE);
  const id = useId();
  const canManage = context.capabilities.includes('manage_billing');
  // Someone without view_billing only gets here by typing the address: the server's refusal
  // (shown where the page would be) says it, not "you can see billing".
  const canView = context.capabilities.includes('view_billing');
  return (
    <section aria-labelledby={`${id}-title`} className="console-section">
      <h1 id={`${id}-title`} className="heading heading--md">
        {t('title')}
      </h1>
      <nav aria-label={t('nav.label')}>
        <ul className="console__nav">
          <li>
            <NavLink end to={advertiserUrl('billing', context.id)}>
              {t('nav.settings')}
            </NavLink>
          </li>
          <li>
            <NavLink to={advertiserUrl('billingHistory', context.id)}>{t('nav.history')}</NavLink>
          </li>
          <li>
            <NavLink to={advertiserUrl('billingOrderLines', context.id)}>
              {t('nav.orderLines')}
            </NavLink>
          </li>
          <li>
            <NavLink to={advertiserUrl('billingDocuments', context.id)}>
              {t('nav.documents')}
            </NavLink>
          </li>
        </ul>
      </nav>
      {canView && !canManage ? <p className="business-page__intro">{t('readOnly')}</p> : null}
      {page === 'settings' ? <SettingsPage context={context} canManage={canManage} /> : null}
      {page === 'history' ? <HistoryPage context={context} /> : null}
      {page === 'orderLines' ? <OrderLinesPage context={context} /> : null}
      {page === 'documents' ? <DocumentsPage context={context} canManage={canManage} /> : null}
    </section>
  );
}

function LoadError({ error }: { error: unknown }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  return (
    <p className="business-alert" role="alert">
      {serverMessage(error) ?? t('errors.load')}
    </p>
  );
}

function SettingsPage({ context, canManage }: { context: AdvertiserContext; canManage: boolean }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const billing = useBilling(context.id);
  const money = useBillingMoney(context.currency);
  if (billing.isPending) return <LoadingState />;
  if (!billing.data) return <LoadError error={billing.error} />;
  return (
    <>
      <p>{t('unbilled', { amount: money.micro(billing.data.unbilled_spend_in_micro_currency) })}</p>
      <BillingProfileForm
        advertiserId={context.id}
        profile={billing.data.profile}
        currency={billing.data.currency}
        defaultCountry={context.country}
        disabled={!canManage}
      />
      <PaymentMethodForm advertiserId={context.id} billing={billing.data} disabled={!canManage} />
    </>
  );
}

function HistoryPage({ context }: { context: AdvertiserContext }) {
  const { t, i18n } = useTranslation(BILLING_NAMESPACE);
  const charges = useCharges(context.id);
  const money = useBillingMoney(context.currency);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const items = flattenPages(charges.data);
  return (
    <>
      <h2 className="heading heading--sm">{t('history.heading')}</h2>
      <p className="business-page__intro">{t('history.intro')}</p>
      <PagedTable
        query={charges}
        count={items.length}
        copy={{
          label: t('history.heading'),
          empty: t('history.empty'),
          error: t('errors.load'),
          more: t('history.more'),
        }}
        head={
          <tr>
            <th scope="col">{t('history.date')}</th>
            <th scope="col">{t('history.invoice')}</th>
            <th scope="col">{t('history.amount')}</th>
            <th scope="col">{t('history.card')}</th>
            <th scope="col">{t('history.status')}</th>
          </tr>
        }
      >
        {items.map((charge) => (
          <tr key={charge.id}>
            <td>{when.format(new Date(charge.created_at))}</td>
            <td>{charge.invoice_number}</td>
            <td>{money.minor(charge.amount_minor)}</td>
            <td>
              {charge.card_last4
                ? t('history.cardLabel', {
                    brand: charge.card_brand ?? '',
                    last4: charge.card_last4,
                  })
                : '–'}
            </td>
            <td>
              {charge.status === 'SUCCEEDED'
                ? t('history.SUCCEEDED')
                : t('history.FAILED', {
                    reason: charge.failure_message ?? charge.failure_code ?? '',
                  })}
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}

function OrderLinesPage({ context }: { context: AdvertiserContext }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const id = useId();
  const [range, setRange] = useState({ from: '', to: '' });
  const [draft, setDraft] = useState(range);
  const lines = useOrderLines(context.id, range);
  const money = useBillingMoney(context.currency);
  const items: OrderLine[] = lines.data?.pages.flatMap((page) => page.data) ?? [];
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  return (
    <>
      <h2 className="heading heading--sm">{t('orderLines.heading')}</h2>
      <p className="business-page__intro">{t('orderLines.intro')}</p>
      <form className="console__range" onSubmit={onSubmit} aria-label={t('orderLines.heading')}>
        <TextField
          id={`${id}-from`}
          label={t('orderLines.from')}
          type="date"
          value={draft.from}
          onChange={(from) => setDraft((current) => ({ ...current, from }))}
        />
        <TextField
          id={`${id}-to`}
          label={t('orderLines.to')}
          type="date"
          value={draft.to}
          onChange={(to) => setDraft((current) => ({ ...current, to }))}
        />
        <button type="submit" className="button button--secondary">
          {t('orderLines.apply')}
        </button>
      </form>
      <PagedTable
        query={lines}
        count={items.length}
        copy={{
          label: t('orderLines.heading'),
          empty: t('orderLines.empty'),
          error: t('errors.load'),
          more: t('orderLines.more'),
        }}
        head={
          <tr>
            <th scope="col">{t('orderLines.day')}</th>
            <th scope="col">{t('orderLines.campaign')}</th>
            <th scope="col">{t('orderLines.spend')}</th>
          </tr>
        }
      >
        {items.map((line) => (
          <tr key={`${line.day}-${line.campaign_id}`}>
            <td>{line.day}</td>
            <td>{line.campaign_name}</td>
            <td>{money.micro(line.spend_in_micro_currency)}</td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}

function DocumentsPage({ context, canManage }: { context: AdvertiserContext; canManage: boolean }) {
  const { t } = useTranslation(BILLING_NAMESPACE);
  const invoices = useInvoices(context.id);
  const pay = usePayInvoice(context.id);
  const money = useBillingMoney(context.currency);
  const items = flattenPages(invoices.data);
  const payable = (invoice: Invoice) =>
    invoice.status === 'PAYMENT_FAILED' || invoice.status === 'NO_PAYMENT_METHOD';
  return (
    <>
      <h2 className="heading heading--sm">{t('documents.heading')}</h2>
      <p className="business-page__intro">{t('documents.intro')}</p>
      {pay.isError ? <LoadError error={pay.error} /> : null}
      <PagedTable
        query={invoices}
        count={items.length}
        copy={{
          label: t('documents.heading'),
          empty: t('documents.empty'),
          error: t('errors.load'),
          more: t('documents.more'),
        }}
        head={
          <tr>
            <th scope="col">{t('documents.number')}</th>
            <th scope="col">{t('documents.period')}</th>
            <th scope="col">{t('documents.amount')}</th>
            <th scope="col">{t('documents.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('documents.download')}</span>
            </th>
          </tr>
        }
      >
        {items.map((invoice) => (
          <tr key={invoice.id}>
            <td>{invoice.number}</td>
            <td>{invoice.month}</td>
            <td>{money.minor(invoice.amount_due_minor)}</td>
            <td>
              {invoice.carried_into_number
                ? t('documents.carriedInto', { number: invoice.carried_into_number })
                : t(`documents.statuses.${invoice.status}`)}
              {invoice.failure_message ? ` (${invoice.failure_message})` : ''}
              {invoice.carried_in_micro_currency > 0
                ? ` ${t('documents.carriedIn', { amount: money.micro(invoice.carried_in_micro_currency) })}`
                : ''}
            </td>
            <td>
              <a
                href={invoicePdfUrl(context.id, invoice.id)}
                download
                aria-label={t('documents.downloadLabel', { number: invoice.number })}
              >
                {t('documents.download')}
              </a>
              {canManage && payable(invoice) ? (
                <>
                  {' '}
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t('documents.payLabel', { number: invoice.number })}
                    disabled={pay.isPending}
                    onClick={() => pay.mutate(invoice.id)}
                  >
                    {pay.isPending && pay.variables === invoice.id
                      ? t('documents.paying')
                      : t('documents.pay')}
                  </button>
                </>
              ) : null}
            </td>
          </tr>
        ))}
      </PagedTable>
    </>
  );
}
