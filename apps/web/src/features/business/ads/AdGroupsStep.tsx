// Step 2: the campaign's ad groups (docs/decisions/192), 1 to CAMPAIGN_MAX_AD_GROUPS. Each is a
// fieldset of its own settings, budget and schedule, audience and ads, with buttons to copy it
// (a new group with the same settings and Pins) or remove it; 'Add an ad group' starts a new one.
// After adding or copying, the new group's name field takes the focus; after removing, the add
// button does, and the change is announced. Removing a saved group archives it when the edit is
// saved (its results stay in reporting).
import { CAMPAIGN_MAX_AD_GROUPS } from '@corkboard/shared/business/ads-editor';
import { useTranslation } from 'react-i18next';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { AdGroupStep } from './AdGroupStep.tsx';
import { BudgetScheduleStep } from './BudgetScheduleStep.tsx';
import { CreativeStep } from './CreativeStep.tsx';
import { FieldMessage, fieldId } from './fields.tsx';
import {
  copyAdGroup,
  defaultAdGroup,
  groupNameOrDefault,
  type AdGroupFormValue,
} from './formValues.ts';
import { groupField, withAdGroup, type StepProps } from './steps.ts';
import { TargetingStep } from './TargetingStep.tsx';

/** The id of the 'Add an ad group' button (focused after a group is removed). */
export const ADD_GROUP_BUTTON_ID = 'ads-add-group';

export function AdGroupsStep({
  values,
  onChange,
  errorFor,
  currency,
  editing,
  advertiserId,
  country,
  readOnly,
  focusLater,
  announce,
}: StepProps & {
  advertiserId: string;
  country: string;
  readOnly: boolean;
  /** Focuses the element with this id once the change has rendered. */
  focusLater: (id: string) => void;
  announce: (text: string) => void;
}) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const groups = values.adGroups;
  const full = groups.length >= CAMPAIGN_MAX_AD_GROUPS;
  const labelOf = (index: number) => t('adGroups.label', { n: index + 1 });

  const insertAt = (index: number, group: AdGroupFormValue) => {
    onChange((current) => ({
      ...current,
      adGroups: [...current.adGroups.slice(0, index), group, ...current.adGroups.slice(index)],
    }));
    focusLater(fieldId(groupField(index, 'name')));
  };

  const add = () => {
    insertAt(groups.length, defaultAdGroup(country, new Date()));
    announce(t('adGroups.added', { group: labelOf(groups.length) }));
  };

  const copy = (index: number, group: AdGroupFormValue) => {
    const name = t('adGroups.copyName', { name: groupNameOrDefault(values.name, group, index) });
    insertAt(index + 1, copyAdGroup(group, name));
    announce(t('adGroups.copied', { group: labelOf(index), copy: labelOf(index + 1) }));
  };

  const remove = (index: number, group: AdGroupFormValue) => {
    onChange((current) => ({
      ...current,
      adGroups: current.adGroups.filter((_group, at) => at !== index),
    }));
    focusLater(ADD_GROUP_BUTTON_ID);
    announce(
      t(group.id === undefined ? 'adGroups.removed' : 'adGroups.removedSaved', {
        group: labelOf(index),
      }),
    );
  };

  return (
    <fieldset className="ads-editor__step">
      <legend className="heading heading--sm">{t('adGroups.legend')}</legend>
      <p className="field__helper" id={fieldId('ad_groups')} tabIndex={-1}>
        {t('adGroups.intro', { max: CAMPAIGN_MAX_AD_GROUPS })}
      </p>
      <FieldMessage field="ad_groups" message={errorFor('ad_groups')} />
      {groups.map((group, index) => {
        const groupProps = {
          group,
          index,
          objective: values.objective_type,
          onGroupChange: (patch: Partial<AdGroupFormValue>) => onChange(withAdGroup(index, patch)),
          errorFor,
          currency,
        };
        return (
          <fieldset
            key={group.key}
            id={fieldId(groupField(index, 'id'))}
            tabIndex={-1}
            className="ads-editor__ad-group"
          >
            <legend className="heading heading--sm">{labelOf(index)}</legend>
            <FieldMessage
              field={groupField(index, 'id')}
              message={errorFor(groupField(index, 'id'))}
            />
            <AdGroupStep {...groupProps} canArchive={editing && group.id !== undefined} />
            <BudgetScheduleStep {...groupProps} />
            <TargetingStep {...groupProps} />
            <CreativeStep {...groupProps} advertiserId={advertiserId} readOnly={readOnly} />
            {readOnly ? null : (
              <div className="ads-editor__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={full}
                  onClick={() => copy(index, group)}
                >
                  {t('adGroups.copy', { group: labelOf(index) })}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={groups.length <= 1}
                  onClick={() => remove(index, group)}
                >
                  {t('adGroups.remove', { group: labelOf(index) })}
                </button>
              </div>
            )}
            {!readOnly && editing && group.id !== undefined ? (
              <p className="field__helper">{t('adGroups.removeNote')}</p>
            ) : null}
          </fieldset>
        );
      })}
      {readOnly ? null : (
        <div>
          <button
            id={ADD_GROUP_BUTTON_ID}
            type="button"
            className="button button--secondary"
            disabled={full}
            onClick={add}
          >
            {t('adGroups.add')}
          </button>
          {full ? (
            <p className="field__helper">{t('adGroups.full', { max: CAMPAIGN_MAX_AD_GROUPS })}</p>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
