// Naming a new section (saving.md §2.7, §5): an image thumbnail, a Name field (placeholder
// 'Like "Lighting"') and an Add button; Enter also submits. Add is disabled while the name is
// blank, an error is shown, or a save is in progress; editing the name clears the error; a
// failed create shows the server's message_detail or message under the field (§8).
import './sections.css';
import { isAddSectionDisabled, validateSectionName } from '@corkboard/shared/saving/board-name';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { TextField } from '../../ui/TextField.tsx';

interface SectionNameFormProps {
  thumbUrl: string | null;
  /** Creates the section (and whatever follows); throws to show the failure under the field. */
  onSubmit: (name: string) => Promise<void>;
  /** Something after the create is still running (saving the pin into the new section). */
  busy?: boolean;
}

export function SectionNameForm({ thumbUrl, onSubmit, busy = false }: SectionNameFormProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const fieldId = useId();
  const [name, setName] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const ruleError = validateSectionName(name);
  // A blank name only disables Add; a too-long one says why.
  const tooLong = ruleError?.reason === 'too_long' ? ruleError : null;
  const errorMessage =
    serverError ?? (tooLong ? t('createBoard.tooLong', { maxLength: tooLong.maxLength }) : null);
  const saving = submitting || busy;
  const disabled = isAddSectionDisabled({ name, hasError: errorMessage !== null, saving });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    setSubmitting(true);
    try {
      await onSubmit(name);
    } catch (error) {
      setServerError(serverMessage(error) ?? t('section.genericError'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="section-form" onSubmit={(event) => void submit(event)} noValidate>
      <div className="section-form__row">
        <span className="section-form__thumb" aria-hidden="true">
          {thumbUrl ? <img src={thumbUrl} alt="" width={72} height={72} /> : null}
        </span>
        <div className="section-form__field">
          <TextField
            id={fieldId}
            label={t('section.nameLabel')}
            value={name}
            onChange={(value) => {
              setName(value);
              setServerError(null);
            }}
            placeholder={t('section.namePlaceholder')}
            autoComplete="off"
            errorMessage={errorMessage}
            autoFocus
          />
        </div>
      </div>
      <div className="form-actions">
        <button
          type="submit"
          className="button button--primary"
          // While saving the button keeps focus and says it is unavailable instead.
          disabled={disabled && !saving}
          aria-disabled={disabled || undefined}
          aria-busy={saving || undefined}
        >
          {t('section.add')}
        </button>
      </div>
    </form>
  );
}
