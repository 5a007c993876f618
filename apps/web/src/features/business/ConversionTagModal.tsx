// The quick-promote tag modal (business.md §2.3 "a tag modal", §3 selected_ocpm_tag; docs/
// decisions/185): a web-conversion ad optimises for an event recorded by one of the ad
// account's conversion tags. The modal lists the tags (name and tag id, a page at a time),
// creates one when there is none, and asks the conversion goal; "Use this tag" hands back
// { conversionTagId, conversionEvent }.
import { CONVERSION_EVENTS, type ConversionEvent } from '@corkboard/shared/business/quick-promote';
import { CONVERSION_TAG_NAME_MAX_LENGTH } from '@corkboard/shared/business/promotable-pins';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { flattenPages } from '../../api/lists.ts';
import { BUSINESS_NAMESPACE } from '../../i18n/businessCatalogue.ts';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useConversionTags, useCreateConversionTag } from './hooks.ts';
import { SelectField } from './SelectField.tsx';

export interface SelectedConversionTag {
  conversionTagId: string;
  conversionEvent: ConversionEvent;
}

/** Not in the spec: the goal a new choice starts with (Pinterest's default for conversions). */
export const DEFAULT_CONVERSION_EVENT: ConversionEvent = 'CHECKOUT';

export function ConversionTagModal({
  advertiserId,
  selected,
  onApply,
  onDismiss,
}: {
  advertiserId: string;
  selected: SelectedConversionTag | null;
  onApply: (tag: SelectedConversionTag) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation(BUSINESS_NAMESPACE);
  const id = useId();
  const tags = useConversionTags(advertiserId);
  const create = useCreateConversionTag(advertiserId);
  const [tagId, setTagId] = useState(selected?.conversionTagId ?? '');
  const [event, setEvent] = useState<ConversionEvent>(
    selected?.conversionEvent ?? DEFAULT_CONVERSION_EVENT,
  );
  const [newName, setNewName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [createError, setCreateError] = useState<string | null>(null);
  const items = flattenPages(tags.data);

  const createTag = () => {
    setCreateError(null);
    create.mutate(newName.trim(), {
      onSuccess: (tag) => {
        setTagId(tag.id);
        setNewName('');
      },
      onError: (failure) =>
        setCreateError(serverMessage(failure) ?? t('quickPromote.errorFallback')),
    });
  };

  const apply = () => {
    if (tagId === '') {
      setError(t('quickPromoteSteps.tagRequired'));
      return;
    }
    onApply({ conversionTagId: tagId, conversionEvent: event });
  };

  return (
    <Modal
      labelledBy={`${id}-title`}
      describedBy={`${id}-intro`}
      onDismiss={onDismiss}
      closeLabel={t('quickPromote.close')}
      width={540}
    >
      <div className="business-form">
        <h2 id={`${id}-title`} className="heading heading--md">
          {t('quickPromoteSteps.tagTitle')}
        </h2>
        <p id={`${id}-intro`}>{t('quickPromoteSteps.tagIntro')}</p>
        <fieldset className="quick-promote__group">
          <legend>{t('quickPromoteSteps.tagLegend')}</legend>
          {tags.isSuccess && items.length === 0 ? <p>{t('quickPromoteSteps.tagEmpty')}</p> : null}
          {items.map((tag, index) => (
            <label key={tag.id} className="business-form__choice">
              <input
                type="radio"
                name={`${id}-tag`}
                value={tag.id}
                checked={tagId === tag.id}
                onChange={() => setTagId(tag.id)}
                data-autofocus={index === 0 ? true : undefined}
              />
              {t('quickPromoteSteps.tagOption', { name: tag.name, id: tag.id })}
            </label>
          ))}
          {tags.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={tags.isFetchingNextPage}
              onClick={() => void tags.fetchNextPage()}
            >
              {t('quickPromoteSteps.tagMore')}
            </button>
          ) : null}
        </fieldset>
        <TextField
          id={`${id}-new`}
          label={t('quickPromoteSteps.tagNewName')}
          value={newName}
          onChange={(value) => setNewName(value.slice(0, CONVERSION_TAG_NAME_MAX_LENGTH))}
          errorMessage={createError ?? undefined}
        />
        <div className="business-form__actions">
          <button
            type="button"
            className="button button--secondary"
            disabled={create.isPending || newName.trim() === ''}
            onClick={createTag}
          >
            {t('quickPromoteSteps.tagCreate')}
          </button>
        </div>
        {tagId !== '' ? <p>{t('quickPromoteSteps.tagId', { id: tagId })}</p> : null}
        <SelectField
          id={`${id}-event`}
          label={t('quickPromoteSteps.tagGoal')}
          value={event}
          options={CONVERSION_EVENTS.map((value) => ({
            value,
            label: t(`quickPromoteSteps.tagEvent.${value}`),
          }))}
          onChange={(value) => setEvent(value as ConversionEvent)}
        />
        {error ? (
          <p className="business-alert" role="alert">
            {error}
          </p>
        ) : null}
        <div className="business-form__actions">
          <button type="button" className="button button--secondary" onClick={onDismiss}>
            {t('quickPromoteSteps.tagCancel')}
          </button>
          <button type="button" className="button button--primary" onClick={apply}>
            {t('quickPromoteSteps.tagApply')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
