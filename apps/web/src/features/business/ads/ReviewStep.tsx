// Step 6: review and publish — a one-line summary, and the buttons: publish (or save changes)
// and, outside edit, save as a draft. The outcome and any failure are announced.
import { useTranslation } from 'react-i18next';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { useMoney } from '../consoleFormat.ts';
import { splitKeywords, type CampaignFormValues } from './formValues.ts';

export function ReviewStep({
  values,
  currency,
  editing,
  busy,
  onSaveDraft,
}: {
  values: CampaignFormValues;
  currency: string;
  editing: boolean;
  busy: boolean;
  onSaveDraft: (() => void) | null;
}) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const money = useMoney(currency);
  const group = values.adGroup;
  const budget = Number(group.budget.replace(',', '.'));
  const summary = t('reviewStep.summary', {
    count: values.ads.length,
    budget: Number.isFinite(budget) ? money(Math.round(budget * 1_000_000)) : group.budget,
    type: t(`budgetStep.typeShort.${group.budget_type}`),
    start: group.start_date,
  });
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('reviewStep.legend')}</legend>
      <p>
        {summary}
        {group.end_date ? ` ${t('reviewStep.summaryEnd', { end: group.end_date })}` : ''}.
        {splitKeywords(group.keywords).length > 0
          ? ` ${splitKeywords(group.keywords).join(', ')}.`
          : ''}
      </p>
      <p className="field__helper">{t('reviewStep.reviewNote')}</p>
      <div className="ads-editor__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy
            ? t('reviewStep.saving')
            : t(editing ? 'reviewStep.saveChanges' : 'reviewStep.publish')}
        </button>
        {onSaveDraft ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onSaveDraft}
          >
            {t('reviewStep.saveDraft')}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}
