// The console's History (business.md §2.1 /history/; issue 11; docs/decisions/153): who changed
// which campaign, ad group or ad, newest first, paged; filtered by kind. Changes are written by
// the server in the same transaction as the change itself.
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import type { HistoryEntry } from '@corkboard/shared/business/campaigns';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flattenPages } from '../../api/lists.ts';
import { BUSINESS_NAMESPACE } from '../../i18n/businessCatalogue.ts';
import { PagedTable } from '../../ui/PagedTable.tsx';
import { useAdHistory } from './hooks.ts';

const FILTERS = ['', 'CAMPAIGN', 'AD_GROUP', 'AD', 'BILLING'] as const;
const KNOWN_ACTIONS = [
  'quick_promote',
  'create',
  'pause',
  'resume',
  'review_approved',
  'review_rejected',
  // The campaign editor's (docs/decisions/177).
  'update',
  'archive',
  'duplicate',
  // Billing's changes (docs/decisions/171).
  'billing_profile_create',
  'billing_profile_update',
  'payment_method_add',
  'payment_method_replace',
  'charge_succeeded',
  'charge_failed',
] as const;
type KnownAction = (typeof KNOWN_ACTIONS)[number];

function isKnownAction(action: string): action is KnownAction {
  return (KNOWN_ACTIONS as readonly string[]).includes(action);
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return JSON.stringify(value);
}

/** A status change reads "ACTIVE → PAUSED"; other changes list their fields. */
function changeSummary(changes: Record<string, unknown>): string {
  return Object.entries(changes)
    .map(([field, value]) => {
      if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
        return `${field}: ${text(value.from)} → ${text(value.to)}`;
      }
      if (Array.isArray(value)) return `${field}: ${value.map(text).join(', ')}`;
      return `${field}: ${text(value)}`;
    })
    .join('; ');
}

export function ConsoleHistory({ context }: { context: AdvertiserContext }) {
  const { t, i18n } = useTranslation(BUSINESS_NAMESPACE);
  const [entityType, setEntityType] = useState<(typeof FILTERS)[number]>('');
  const history = useAdHistory(context.id, entityType);
  const filterId = useId();
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const items = flattenPages(history.data);
  const who = (entry: HistoryEntry) => {
    if (entry.action.startsWith('review_')) return t('console.historyPage.corkboardReview');
    // The monthly invoicing job charges on its own (an actor only when someone pressed Pay now).
    if (entry.action.startsWith('charge_') && !entry.actor)
      return t('console.historyPage.corkboardBilling');
    if (entry.actor === null) return t('console.historyPage.unknownPerson');
    return entry.actor.full_name
      ? `${entry.actor.full_name} (@${entry.actor.username})`
      : `@${entry.actor.username}`;
  };
  return (
    <section aria-labelledby="console-history" className="console-section">
      <h1 id="console-history" className="heading heading--md">
        {t('console.historyPage.title')}
      </h1>
      <p className="business-page__intro">{t('console.historyPage.intro')}</p>
      <label htmlFor={filterId}>{t('console.historyPage.filter')} </label>
      <select
        id={filterId}
        value={entityType}
        onChange={(event) => setEntityType(event.target.value as (typeof FILTERS)[number])}
      >
        {FILTERS.map((filter) => (
          <option key={filter} value={filter}>
            {filter === ''
              ? t('console.historyPage.all')
              : t(`console.historyPage.entity.${filter}`)}
          </option>
        ))}
      </select>
      <PagedTable
        query={history}
        count={items.length}
        copy={{
          label: t('console.historyPage.title'),
          empty: t('console.historyPage.empty'),
          error: t('console.genericError'),
          more: t('console.loadMore'),
        }}
        head={
          <tr>
            <th scope="col">{t('console.historyPage.when')}</th>
            <th scope="col">{t('console.historyPage.who')}</th>
            <th scope="col">{t('console.historyPage.what')}</th>
            <th scope="col">{t('console.historyPage.change')}</th>
          </tr>
        }
      >
        {items.map((entry) => (
          <tr key={entry.id}>
            <td>{when.format(new Date(entry.created_at))}</td>
            <td>{who(entry)}</td>
            <th scope="row">
              {/* Billing rows name the ad account's billing itself, not an object. */}
              {entry.entity_type === 'BILLING'
                ? t('console.historyPage.entity.BILLING')
                : `${t(`console.historyPage.entity.${entry.entity_type}`)}: ${
                    entry.entity_name ?? `#${entry.entity_id} ${t('console.historyPage.removed')}`
                  }`}
            </th>
            <td>
              {isKnownAction(entry.action)
                ? t(`console.historyPage.action.${entry.action}`)
                : t('console.historyPage.action.other', { action: entry.action })}
              {Object.keys(entry.changes).length > 0 ? (
                <span className="business-list__meta"> {changeSummary(entry.changes)}</span>
              ) : null}
            </td>
          </tr>
        ))}
      </PagedTable>
    </section>
  );
}
