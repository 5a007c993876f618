// The create-board form (saving.md §2.6, §5, §8): a Name field, the 'Secret' switch (for an
// advertiser, a disabled always-on 'Protected board …' switch instead, and no collaborator
// search), 'Add collaborators (optional)', Cancel and Create. Create is disabled while the name
// is blank or breaks a rule, while a create error is shown, and while a save runs.
// Decision 012 adds an optional first section ('Section (optional)'): a board made with one
// opens the section picker (§2.3 "A new board with sections opens the section picker"), which is
// how a pin reaches a new section of a new board.
import './boards.css';
import {
  isCreateBoardDisabled,
  normalizeName,
  validateBoardName,
  validateSectionName,
} from '@corkboard/shared/saving/board-name';
import type { ShareSuggestionItem } from '@corkboard/shared/saving/share-suggestions';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { boardCreateErrorMessage } from '../../api/errorMessages.ts';
import { SAVING_NAMESPACE } from '../../i18n/savingCatalogue.ts';
import { TextField } from '../../ui/TextField.tsx';
import { CollaboratorSearch } from '../collaborators/CollaboratorSearch.tsx';
import { invitesFrom, type CollaboratorInvites } from '../collaborators/hooks.ts';

export interface CreateBoardValues {
  readonly name: string;
  readonly secret: boolean;
  readonly invites: CollaboratorInvites;
  /** The board's first section (decision 012); null for none. */
  readonly sectionName: string | null;
}

/** A create failure that is about the first section (decision 012), not the board's name. */
function isSectionFailure(error: unknown): boolean {
  return error instanceof ApiError && error.data?.['field'] === 'section_names';
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
  const sectionId = useId();
  const helpId = useId();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(initialName.length > 0);
  const [secret, setSecret] = useState(false);
  const [chosen, setChosen] = useState<readonly ShareSuggestionItem[]>([]);
  const [createError, setCreateError] = useState<string | null>(null);
  const [sectionName, setSectionName] = useState('');
  const [sectionError, setSectionError] = useState<string | null>(null);
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
  // The section is optional: blank is no section; anything else follows the section rule.
  const sectionRule = normalizeName(sectionName) === '' ? null : validateSectionName(sectionName);
  const sectionMessage =
    sectionError ??
    (sectionRule?.reason === 'too_long'
      ? t('createBoard.tooLong', { maxLength: sectionRule.maxLength })
      : null);
  const disabled =
    isCreateBoardDisabled({ name, hasCreateError: createError !== null, saving }) ||
    sectionMessage !== null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disabled) return;
    setSubmitting(true);
    try {
      await onCreate({
        name: normalizeName(name),
        secret: !advertiser && secret,
        invites: advertiser ? { userIds: [], emails: [] } : invitesFrom(chosen),
        sectionName: normalizeName(sectionName) || null,
      });
    } catch (error) {
      const message = boardCreateErrorMessage(error) ?? t('createBoard.genericError');
      if (isSectionFailure(error)) setSectionError(message);
      else setCreateError(message);
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
      <TextField
        id={sectionId}
        label={t('createBoard.sectionLabel')}
        value={sectionName}
        onChange={(value) => {
          setSectionName(value);
          setSectionError(null);
        }}
        placeholder={t('section.namePlaceholder')}
        helperText={t('createBoard.sectionHelp')}
        autoComplete="off"
        errorMessage={sectionMessage}
        disabled={saving}
      />
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
