// Audience exclusions of one ad group, where the console shows a campaign's ads (issue 11 "never
// to the advertiser's excluded audiences"; docs/decisions/183): a checkbox per audience of the
// ad account (a page at a time) and Save, which sets targeting_spec.AUDIENCE_EXCLUDE. Shown once
// per ad group, to people who may change campaigns and manage audiences; the server checks both.
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import type { CampaignAdSummary } from '@corkboard/shared/business/campaigns';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { flattenPages } from '../../api/lists.ts';
import { BUSINESS_NAMESPACE } from '../../i18n/businessCatalogue.ts';
import { useAudiences, useSetAudienceExclusions } from './hooks.ts';

/** Whether `ad` is the first of its ad group in `ads` and the viewer may edit its exclusions. */
export function showsExclusions(
  context: Pick<AdvertiserContext, 'capabilities'>,
  ads: readonly CampaignAdSummary[],
  ad: CampaignAdSummary,
): boolean {
  return (
    context.capabilities.includes('manage_campaigns') &&
    context.capabilities.includes('manage_audiences') &&
    ads.find((other) => other.ad_group_id === ad.ad_group_id) === ad
  );
}

export function AudienceExclusions({
  context,
  ads,
  ad,
}: {
  context: AdvertiserContext;
  ads: readonly CampaignAdSummary[];
  ad: CampaignAdSummary;
}) {
  if (!showsExclusions(context, ads, ad)) return null;
  return (
    <ExclusionsForm
      advertiserId={context.id}
      adGroupId={ad.ad_group_id}
      excluded={ad.targeting_spec.AUDIENCE_EXCLUDE}
    />
  );
}

function ExclusionsForm({
  advertiserId,
  adGroupId,
  excluded,
}: {
  advertiserId: string;
  adGroupId: string;
  excluded: readonly string[];
}) {
  const { t, i18n } = useTranslation(BUSINESS_NAMESPACE);
  const id = useId();
  const audiences = useAudiences(advertiserId);
  const save = useSetAudienceExclusions(advertiserId);
  const [chosen, setChosen] = useState<string[]>([...excluded]);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const items = flattenPages(audiences.data);
  const count = new Intl.NumberFormat(i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    save.mutate(
      { adGroupId, ids: chosen },
      {
        onSuccess: () => setMessage({ error: false, text: t('quickPromoteSteps.exclusionsSaved') }),
        onError: (failure) =>
          setMessage({
            error: true,
            text: serverMessage(failure) ?? t('quickPromote.errorFallback'),
          }),
      },
    );
  };

  return (
    <form className="business-form" onSubmit={submit} aria-describedby={`${id}-help`}>
      <fieldset className="quick-promote__group">
        <legend>{t('quickPromoteSteps.exclusionsLegend')}</legend>
        <p id={`${id}-help`} className="business-list__meta">
          {t('quickPromoteSteps.exclusionsHelp')}
        </p>
        {audiences.isSuccess && items.length === 0 ? (
          <p>{t('quickPromoteSteps.exclusionsNone')}</p>
        ) : null}
        {items.map((audience) => (
          <label key={audience.id} className="business-form__choice">
            <input
              type="checkbox"
              checked={chosen.includes(audience.id)}
              onChange={(event) =>
                setChosen((current) =>
                  event.target.checked
                    ? [...current, audience.id]
                    : current.filter((value) => value !== audience.id),
                )
              }
            />
            {t('quickPromoteSteps.audienceOption', {
              name: audience.name,
              type: t(`quickPromoteSteps.audienceType.${audience.audience_type}`),
              size: count.format(audience.size),
            })}
          </label>
        ))}
        {audiences.hasNextPage ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={audiences.isFetchingNextPage}
            onClick={() => void audiences.fetchNextPage()}
          >
            {t('quickPromoteSteps.exclusionsMore')}
          </button>
        ) : null}
      </fieldset>
      {message ? (
        <p
          className={message.error ? 'business-alert' : 'business-status'}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
      <div className="business-form__actions">
        <button
          type="submit"
          className="button button--secondary"
          disabled={save.isPending || items.length === 0}
        >
          {t('quickPromoteSteps.exclusionsSave')}
        </button>
      </div>
    </form>
  );
}
