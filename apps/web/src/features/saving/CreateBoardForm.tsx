// The create-board form (saving.md §2.6, §5, §8): a Name field, the 'Secret' switch (for an
// advertiser, a disabled always-on 'Protected board …' switch instead, and no collaborator
// search), 'Add collaborators (optional)', Cancel and Create. Create is disabled while the name
// is blank or breaks a rule, while a create error is shown, and while a save runs.
import {
  isCreateBoardDisabled,
  normalizeName,
  validateBoardName,
} from '@corkboard/shared/saving/board-name';
import type { ShareSuggestionItem } from '@corkboard/shared/saving/share-suggestions';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField.tsx';
import { CollaboratorSearch } from './CollaboratorSearch.tsx';
import type { CollaboratorInvites } from './hooks.ts';
import { SAVING_NAMESPACE } from './savingCatalogue.ts';
import { boardCreateErrorMessage } from './savingErrors.ts';

export interface CreateBoardValues {
  readonly name: string;
  readonly secret: boolean;
  readonly invites: CollaboratorInvites;
}

export function invitesFrom(chosen: readonly ShareSuggestionItem[]): CollaboratorInvites {
  return {
    userIds: chosen.filter((item) => item.type !== 'email').map((item) => item.id),
    emails: chosen.filter((item) => item.type === 'email').map((item) => item.id),
  };
}

interface CreateBoardFormProps {
  initialName: string;
  /** Acting for an advertiser (§2.6, §6): protected board, no collaborators. */
  advertiser: boolean;
  /** A save that follows the create is running. */
  busy: boolean;
  onCancel: () => void;
  /** Creates the board (and what follows); throws to show the failure in the form (§8). */
  onCreate: (values: CreateBoardValues) => Promise<void>;
}

export function CreateBoardForm({
  initialName,
  advertiser,
  busy,
  onCancel,
  onCreate,
}: CreateBoardFormProps) {
  const { t } = useTranslation(SAVING_NAMESPACE);
  const nameId = useId();
  const switchId = useId();
  const helpId = useId();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(initialName.length > 0);
  const [secret, setSecret] = useState(false);
  const [chosen, setChosen] = useState<readonly ShareSuggestionItem[]>([]);
  const [createError, setCreateError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const saving = submitting || busy;
  const rule = validateBoardName(name);
  // 'Don't forget…' once the person has typed and cleared the name; the length rule at once.
  const nameError =
    rule === null || (rule.reason === 'required' && !touched)
      ? null
      : rule.reason === 'required'
        ? t('createBoard.required')
        : t('createBoard.tooLong', { maxLength: rule.maxLength });
  const disabled = isCreateBoardDisabled({ name, hasCreateError: createError !== null, saving });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    setSubmitting(true);
    try {
      await onCreate({
        name: normalizeName(name),
        secret: !advertiser && secret,
        invites: advertiser ? { userIds: [], emails: [] } : invitesFrom(chosen),
      });
    } catch (error) {
      setCreateError(boardCreateErrorMessage(error) ?? t('createBoard.genericError'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="create-board-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        id={nameId}
        label={t('createBoard.nameLabel')}
        value={name}
        onChange={(value) => {
          setName(value);
          setTouched(true);
          setCreateError(null);
        }}
        placeholder={t('createBoard.namePlaceholder')}
        autoComplete="off"
        errorMessage={createError ?? nameError}
        autoFocus
      />
      <div className="switch-field">
        <div className="switch-field__text">
          <label htmlFor={switchId} className="switch-field__label">
            {advertiser ? t('createBoard.protected') : t('createBoard.secret')}
          </label>
          {advertiser ? null : (
            <p id={helpId} className="field__helper">
              {t('createBoard.secretHelp')}
            </p>
          )}
        </div>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className="switch"
          checked={advertiser || secret}
          disabled={advertiser || saving}
          aria-describedby={advertiser ? undefined : helpId}
          onChange={(event) => setSecret(event.target.checked)}
        />
      </div>
      {advertiser ? null : (
        <CollaboratorSearch chosen={chosen} onChange={setChosen} disabled={saving} />
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={onCancel}
          disabled={saving}
        >
          {t('createBoard.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          // While saving the button keeps focus (a disabled button would drop it to the page)
          // and says it is unavailable instead.
          disabled={disabled && !saving}
          aria-disabled={disabled || undefined}
          aria-busy={saving || undefined}
        >
          {t('createBoard.create')}
        </button>
      </div>
    </form>
  );
}
