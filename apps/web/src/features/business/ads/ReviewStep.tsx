// Step 3: review and publish — a line for each ad group (docs/decisions/192), and the buttons: publish (or save changes)
// and, outside edit, save as a draft. The outcome and any failure are announced.
import { useTranslation } from 'react-i18next';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { useMoney } from '../consoleFormat.ts';
import {
  groupNameOrDefault,
  splitKeywords,
  type AdGroupFormValue,
  type CampaignFormValues,
} from './formValues.ts';

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
  const summaryOf = (group: AdGroupFormValue, index: number) => {
    const budget = Number(group.budget.replace(',', '.'));
    const keywords = splitKeywords(group.keywords);
    const name = groupNameOrDefault(values.name, group, index);
    return [
      `${name === '' ? t('adGroups.label', { n: index + 1 }) : t('adGroups.labelNamed', { n: index + 1, name })}: `,
      t('reviewStep.summary', {
        count: group.ads.length,
        budget: Number.isFinite(budget) ? money(Math.round(budget * 1_000_000)) : group.budget,
        type: t(`budgetStep.typeShort.${group.budget_type}`),
        start: group.start_date,
      }),
      group.end_date ? ` ${t('reviewStep.summaryEnd', { end: group.end_date })}` : '',
      '.',
      keywords.length > 0 ? ` ${keywords.join(', ')}.` : '',
      group.status === 'ARCHIVED' ? ` ${t('status.ARCHIVED')}.` : '',
    ].join('');
  };
  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('reviewStep.legend')}</legend>
      <ul className="ads-editor__summary">
        {values.adGroups.map((group, index) => (
          <li key={group.key}>{summaryOf(group, index)}</li>
        ))}
      </ul>
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
