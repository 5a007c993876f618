// /admin/overview/: what the product holds, at a glance.
import type { AdminOverview } from '@corkboard/shared/admin/api';
import { useTranslation } from 'react-i18next';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { useAdminOverview } from './hooks.ts';

export function AdminOverviewPage() {
  const { t, i18n } = useTranslation(ADMIN_NAMESPACE);
  const overview = useAdminOverview();
  const format = (value: number) => value.toLocaleString(i18n.language);

  return (
    <section aria-labelledby="admin-overview-heading">
      <h1 id="admin-overview-heading" className="heading heading--md">
        {t('overview.heading')}
      </h1>
      {overview.isPending ? <LoadingState /> : null}
      {overview.isError ? <ErrorState onRetry={() => overview.refetch()} /> : null}
      {overview.data ? <MailDeliveryNotice overview={overview.data} /> : null}
      {overview.data ? (
        <dl className="admin-stats">
          <Stat label={t('overview.people')} value={format(overview.data.people)}>
            {t('overview.newThisWeek', { count: overview.data.people_last_7_days })}
          </Stat>
          <Stat label={t('overview.pins')} value={format(overview.data.pins)}>
            {t('overview.newThisWeek', { count: overview.data.pins_last_7_days })}
          </Stat>
          <Stat label={t('overview.boards')} value={format(overview.data.boards)} />
          <Stat label={t('overview.secretBoards')} value={format(overview.data.secret_boards)} />
          <Stat label={t('overview.images')} value={format(overview.data.images)} />
          <Stat label={t('overview.operators')} value={format(overview.data.operators)} />
        </dl>
      ) : null}
    </section>
  );
}

/**
 * Without SMTP_URL no mail leaves the server (issue 9): in production that breaks password
 * resets and invitations, so it is an alert at the top; in development it is the expected dev
 * mailbox, said once with where to read it.
 */
function MailDeliveryNotice({ overview }: { overview: AdminOverview }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  if (overview.mail_delivery === 'smtp') return null;
  if (overview.production) {
    return (
      <p className="admin-alert" role="alert">
        {t('overview.mailMissing')}
      </p>
    );
  }
  return (
    <p className="admin-note">
      {t('overview.mailDevMailbox')} <a href="/dev/mailbox">/dev/mailbox</a>
    </p>
  );
}

function Stat({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: string | undefined;
}) {
  return (
    <div className="admin-stats__item">
      <dt className="admin-stats__label">{label}</dt>
      <dd className="admin-stats__value">{value}</dd>
      {children ? <dd className="admin-stats__note">{children}</dd> : null}
    </div>
  );
}
