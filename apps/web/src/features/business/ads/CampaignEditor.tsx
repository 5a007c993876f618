// The campaign form (docs/decisions/177, 192): campaign → ad groups (each with its settings,
// budget and schedule, audience and ads) → review, one page of steps so keyboard and
// screen-reader users move through it as one form. Publish creates (or, for a draft, publishes) or saves an edit; 'Save draft' keeps the
// form on the server and moves to its edit_draft address so it can be resumed. The server's
// field error (`data.field`) is shown under that field and focused, and the alert names the ad
// group and the field; read-only viewers get the
// form disabled and no buttons (the server refuses their writes anyway).
import './ads-editor.css';
import type { AdvertiserContext } from '@corkboard/shared/business/api';
import { advertiserUrl } from '@corkboard/shared/business/advertiser-urls';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client.ts';
import { serverMessage } from '../../../api/errorMessages.ts';
import { ADS_EDITOR_NAMESPACE } from '../../../i18n/adsEditorCatalogue.ts';
import { consolePath } from '../paths.ts';
import { AdGroupsStep } from './AdGroupsStep.tsx';
import { CampaignStep } from './CampaignStep.tsx';
import { describeField } from './fieldNames.ts';
import { errorLookup, fieldId, type FieldError } from './fields.tsx';
import {
  toCreateBody,
  toDraftPayload,
  toUpdateBody,
  type CampaignFormValues,
} from './formValues.ts';
import { useSaveCampaign, useSaveDraft } from './hooks.ts';
import { ReviewStep } from './ReviewStep.tsx';

export type EditorMode =
  { kind: 'create' } | { kind: 'draft'; draftId: string } | { kind: 'edit'; campaignId: string };

/** The field an API error names, if any (`data.field`, a dotted path of the body). */
export function fieldErrorOf(
  error: unknown,
  fallback: string,
): FieldError | { field: null; message: string } {
  const message = serverMessage(error) ?? fallback;
  const field = error instanceof ApiError ? error.data?.['field'] : undefined;
  return typeof field === 'string' ? { field, message } : { field: null, message };
}

export function CampaignEditor({
  context,
  mode,
  initial,
  readOnly,
  initialNotice = null,
}: {
  context: AdvertiserContext;
  mode: EditorMode;
  initial: CampaignFormValues;
  readOnly: boolean;
  /** Announced on arrival (the draft just saved on the create page). */
  initialNotice?: string | null;
}) {
  const { t } = useTranslation(ADS_EDITOR_NAMESPACE);
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [fieldError, setFieldError] = useState<FieldError | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(initialNotice);
  const alertRef = useRef<HTMLDivElement>(null);
  // An element to focus once the form has rendered a change (a group added, copied, removed).
  const focusTarget = useRef<string | null>(null);
  const save = useSaveCampaign(context.id);
  const saveDraft = useSaveDraft(context.id);
  const editing = mode.kind === 'edit';

  // After a refused save, the field at fault (or the alert) takes the focus.
  useEffect(() => {
    if (fieldError === null && formError === null) return;
    const target = fieldError ? document.getElementById(fieldId(fieldError.field)) : null;
    (target ?? alertRef.current)?.focus();
  }, [fieldError, formError]);

  // After every render: the change that asked for a focus has reached the page by now.
  useEffect(() => {
    if (focusTarget.current === null) return;
    document.getElementById(focusTarget.current)?.focus();
    focusTarget.current = null;
  });

  const fail = (error: unknown) => {
    const found = fieldErrorOf(error, t('genericError'));
    setNotice(null);
    if (found.field === null) {
      setFieldError(null);
      setFormError(found.message);
    } else {
      setFieldError(found);
      const where = describeField(found.field, values, t, context.currency);
      setFormError(
        where === null
          ? `${t('fixField')} ${found.message}`
          : `${t('fixField')} ${t('fieldWhere', { where })} ${found.message}`,
      );
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    setFieldError(null);
    setFormError(null);
    const change =
      mode.kind === 'edit'
        ? ({ kind: 'update', campaignId: mode.campaignId, body: toUpdateBody(values) } as const)
        : ({
            kind: 'create',
            body: toCreateBody(values, mode.kind === 'draft' ? mode.draftId : undefined),
          } as const);
    save.mutate(change, {
      onSuccess: (saved) => {
        void navigate(consolePath(context.id, saved.campaign_id));
      },
      onError: fail,
    });
  };

  const onSaveDraft = () => {
    setFieldError(null);
    setFormError(null);
    saveDraft.mutate(
      {
        draftId: mode.kind === 'draft' ? mode.draftId : undefined,
        name: values.name.trim(),
        payload: toDraftPayload(values),
      },
      {
        onSuccess: (saved) => {
          setNotice(t('reviewStep.draftSaved'));
          if (mode.kind !== 'draft') {
            void navigate(advertiserUrl('adsEditDraft', context.id, {}, { draft_id: saved.id }), {
              replace: true,
              state: { notice: t('reviewStep.draftSaved') },
            });
          }
        },
        onError: fail,
      },
    );
  };

  const stepProps = {
    values,
    onChange: (update: (current: CampaignFormValues) => CampaignFormValues) =>
      setValues((current) => update(current)),
    errorFor: errorLookup(fieldError),
    currency: context.currency,
    editing,
  };
  const busy = save.isPending || saveDraft.isPending;

  return (
    <form className="ads-editor" onSubmit={onSubmit} noValidate>
      <div ref={alertRef} tabIndex={-1} className="ads-editor__alerts">
        {formError ? (
          <p className="business-alert" role="alert">
            {formError}
          </p>
        ) : null}
        <p role="status" className="ads-editor__notice">
          {notice}
        </p>
      </div>
      {readOnly ? <p className="business-page__intro">{t('readOnly')}</p> : null}
      {/* A disabled fieldset disables every control inside it: read-only viewers can look only. */}
      <fieldset disabled={readOnly} className="ads-editor__steps">
        <CampaignStep {...stepProps} />
        <AdGroupsStep
          {...stepProps}
          advertiserId={context.id}
          country={context.country}
          readOnly={readOnly}
          focusLater={(id) => {
            focusTarget.current = id;
          }}
          announce={(text) => {
            setNotice(text);
            // A group was added, copied or removed: a field error's position may be wrong now.
            setFieldError(null);
          }}
        />
      </fieldset>
      {readOnly ? null : (
        <ReviewStep
          values={values}
          currency={context.currency}
          editing={editing}
          busy={busy}
          onSaveDraft={editing ? null : onSaveDraft}
        />
      )}
    </form>
  );
}
