// /admin/experiences/: the operators' experiences (docs/decisions/081, 082). Define an experience
// (placement, how it is drawn and anchored, audience, dates, caps, triggerable), change it, end it
// now for everyone, or delete it with every person's status. The server validates; its messages
// are shown as they come. The people's next experience call already sees the change (the
// server keeps no cache of the choice).
import './adminExperiences.css';
import {
  ANCHORS,
  DISPLAY_KINDS,
  EXPERIENCE_STATUSES,
  PLACEMENTS,
  placementName,
  type AdminExperience,
  type Anchor,
  type DisplayKind,
  type PlacementName,
} from '@corkboard/shared/experiences/experiences';
import type { ExperienceDefinitionInput } from '@corkboard/shared/experiences/schemas';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  useAdminExperiences,
  useDeleteExperience,
  useEndExperience,
  useSaveExperience,
} from './adminHooks.ts';

const PLACEMENT_NAMES = Object.keys(PLACEMENTS) as PlacementName[];

/** The form's fields, all as typed (the server parses and refuses). */
interface Draft {
  placement: PlacementName;
  name: string;
  priority: string;
  triggerable: boolean;
  kind: DisplayKind;
  anchor: Anchor;
  title: string;
  body: string;
  buttonText: string;
  link: string;
  signedUpWithinDays: string;
  countries: string;
  languages: string;
  startsAt: string;
  endsAt: string;
  maxViews: string;
  maxPeople: string;
}

const EMPTY: Draft = {
  placement: 'home_banner',
  name: '',
  priority: '0',
  triggerable: false,
  kind: 'banner',
  anchor: 'none',
  title: '',
  body: '',
  buttonText: '',
  link: '',
  signedUpWithinDays: '',
  countries: '',
  languages: '',
  startsAt: '',
  endsAt: '',
  maxViews: '',
  maxPeople: '',
};

function list(value: string): string[] | undefined {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  return items.length > 0 ? items : undefined;
}

function optionalNumber(value: string): number | undefined {
  return value.trim() === '' ? undefined : Number(value);
}

/** datetime-local (the operator's own time) → ISO; empty → none. */
function isoOf(value: string): string | undefined {
  if (value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/** ISO → datetime-local in the operator's own time. */
function localOf(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

function definitionOf(draft: Draft): ExperienceDefinitionInput {
  return {
    placement_id: PLACEMENTS[draft.placement].id,
    name: draft.name,
    priority: Number(draft.priority || '0'),
    triggerable: draft.triggerable,
    display_data: {
      kind: draft.kind,
      anchor: draft.anchor,
      title: draft.title,
      body: draft.body,
      button_text: draft.buttonText,
      link: draft.link,
    },
    audience: {
      signed_up_within_days: optionalNumber(draft.signedUpWithinDays),
      countries: list(draft.countries),
      languages: list(draft.languages),
    },
    starts_at: isoOf(draft.startsAt),
    ends_at: isoOf(draft.endsAt),
    max_views_per_person: optionalNumber(draft.maxViews),
    max_people: optionalNumber(draft.maxPeople),
  };
}

function draftOf(row: AdminExperience): Draft {
  return {
    placement: placementName(row.placement_id) ?? 'home_banner',
    name: row.name,
    priority: String(row.priority),
    triggerable: row.triggerable,
    kind: row.display_data.kind,
    anchor: row.display_data.anchor,
    title: row.display_data.title ?? '',
    body: row.display_data.body ?? '',
    buttonText: row.display_data.button_text ?? '',
    link: row.display_data.link ?? '',
    signedUpWithinDays:
      row.audience.signed_up_within_days === undefined
        ? ''
        : String(row.audience.signed_up_within_days),
    countries: row.audience.countries?.join(', ') ?? '',
    languages: row.audience.languages?.join(', ') ?? '',
    startsAt: localOf(row.starts_at),
    endsAt: localOf(row.ends_at),
    maxViews: row.max_views_per_person === null ? '' : String(row.max_views_per_person),
    maxPeople: row.max_people === null ? '' : String(row.max_people),
  };
}

export function AdminExperiencesPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<AdminExperience | null>(null);
  return (
    <section aria-labelledby="admin-experiences-heading">
      <h1 id="admin-experiences-heading" className="heading heading--md">
        {t('experiences.heading')}
      </h1>
      <p className="admin__intro">{t('experiences.intro')}</p>
      <ExperienceForm
        key={editing?.id ?? 'new'}
        editing={editing}
        onDone={(message) => {
          setStatus(message);
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
      <p role="status" className="admin__status">
        {status}
      </p>
      <ExperienceList onEdit={setEditing} onDone={setStatus} />
    </section>
  );
}

function ExperienceForm({
  editing,
  onDone,
  onCancel,
}: {
  editing: AdminExperience | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const id = useId();
  const save = useSaveExperience();
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY);
  const set =
    <K extends keyof Draft>(key: K) =>
    (value: Draft[K]) =>
      setDraft((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: editing?.id ?? null, definition: definitionOf(draft) },
      {
        onSuccess: (answer) => {
          onDone(t(editing ? 'experiences.changed' : 'experiences.defined', { name: answer.name }));
          setDraft(EMPTY);
        },
      },
    );
  };
  const text = (key: keyof Draft, label: string, extra: { placeholder?: string } = {}) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      value={String(draft[key])}
      onChange={(value) => setDraft((current) => ({ ...current, [key]: value }))}
      autoComplete="off"
      placeholder={extra.placeholder}
    />
  );
  const select = <V extends string>(
    key: 'placement' | 'kind' | 'anchor',
    label: string,
    values: readonly V[],
    labelOf: (value: V) => string,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`} className="field__label">
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        className="field__input"
        value={draft[key]}
        onChange={(event) => {
          const chosen = values.find((value) => value === event.target.value);
          if (chosen) setDraft((current) => ({ ...current, [key]: chosen }));
        }}
      >
        {values.map((value) => (
          <option key={value} value={value}>
            {labelOf(value)}
          </option>
        ))}
      </select>
    </div>
  );
  const dateField = (key: 'startsAt' | 'endsAt', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`} className="field__label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        type="datetime-local"
        className="field__input"
        value={draft[key]}
        onChange={(event) => set(key)(event.target.value)}
      />
    </div>
  );
  return (
    <form
      className="admin-form admin-form--stacked"
      onSubmit={submit}
      aria-label={
        editing ? t('experiences.editHeading', { name: editing.name }) : t('experiences.newHeading')
      }
    >
      <h2 className="heading heading--md">
        {editing
          ? t('experiences.editHeading', { name: editing.name })
          : t('experiences.newHeading')}
      </h2>
      {select('placement', t('experiences.placement'), PLACEMENT_NAMES, (value) =>
        t(`experiences.placements.${value}`),
      )}
      {text('name', t('experiences.name'))}
      {text('priority', t('experiences.priority'))}
      <div className="checkbox">
        <input
          id={`${id}-triggerable`}
          className="checkbox__input"
          type="checkbox"
          checked={draft.triggerable}
          onChange={(event) => set('triggerable')(event.target.checked)}
        />
        <label htmlFor={`${id}-triggerable`} className="checkbox__label">
          {t('experiences.triggerable')}
        </label>
      </div>
      {select('kind', t('experiences.kind'), DISPLAY_KINDS, (value) =>
        t(`experiences.kinds.${value}`),
      )}
      {select('anchor', t('experiences.anchor'), ANCHORS, (value) =>
        t(`experiences.anchors.${value}`),
      )}
      {text('title', t('experiences.title'))}
      {text('body', t('experiences.body'))}
      {text('buttonText', t('experiences.buttonText'))}
      {text('link', t('experiences.link'), { placeholder: '/settings/' })}
      {text('signedUpWithinDays', t('experiences.signedUpWithinDays'))}
      {text('countries', t('experiences.countries'), { placeholder: 'US, ES' })}
      {text('languages', t('experiences.languages'), { placeholder: 'en, es' })}
      {dateField('startsAt', t('experiences.startsAt'))}
      {dateField('endsAt', t('experiences.endsAt'))}
      {text('maxViews', t('experiences.maxViews'))}
      {text('maxPeople', t('experiences.maxPeople'))}
      {save.isError ? (
        <p role="alert" className="field__error">
          {serverMessage(save.error) ?? t('experiences.failed')}
        </p>
      ) : null}
      <div className="admin-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending || draft.name.trim() === ''}
        >
          {editing ? t('experiences.saveChanges') : t('experiences.define')}
        </button>
        {editing ? (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('experiences.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function ExperienceList({
  onEdit,
  onDone,
}: {
  onEdit: (row: AdminExperience) => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const experiences = useAdminExperiences();
  const end = useEndExperience();
  const remove = useDeleteExperience();
  const [confirming, setConfirming] = useState<string | null>(null);
  const rows = experiences.data?.pages.flatMap((page) => page.data) ?? [];
  const failed = (error: Error) => onDone(serverMessage(error) ?? t('experiences.failed'));
  return (
    <>
      <h2 className="heading heading--md">{t('experiences.listHeading')}</h2>
      {experiences.isPending ? <LoadingState /> : null}
      {experiences.isError ? <ErrorState onRetry={() => experiences.refetch()} /> : null}
      {experiences.isSuccess && rows.length === 0 ? <p>{t('experiences.empty')}</p> : null}
      <ul className="admin-list">
        {rows.map((row) => {
          const placement = placementName(row.placement_id);
          const counts = EXPERIENCE_STATUSES.filter(
            (status) => row.people_by_status[status] !== undefined,
          )
            .map((status) =>
              t(`experiences.people.${status}`, { count: row.people_by_status[status] ?? 0 }),
            )
            .join(' · ');
          return (
            <li key={row.id} className="admin-list__row">
              <span className="admin-list__name">
                {row.name}{' '}
                <span className="admin-list__meta">
                  {placement ? t(`experiences.placements.${placement}`) : row.placement_id}
                  {' · '}
                  {t(`experiences.kinds.${row.display_data.kind}`)}
                  {row.ends_at && new Date(row.ends_at) <= new Date()
                    ? ` · ${t('experiences.ended')}`
                    : ''}
                  {counts ? ` · ${counts}` : ''}
                </span>
              </span>
              <span className="admin-list__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => onEdit(row)}
                >
                  {t('experiences.edit', { name: row.name })}
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={end.isPending}
                  onClick={() =>
                    end.mutate(row.id, {
                      onSuccess: (answer) =>
                        onDone(t('experiences.endedNow', { name: answer.name })),
                      onError: failed,
                    })
                  }
                >
                  {t('experiences.end', { name: row.name })}
                </button>
                {confirming === row.id ? (
                  <span className="admin-list__confirm">
                    <span>{t('experiences.confirmDelete', { name: row.name })}</span>
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(row.id, {
                          onSuccess: () => {
                            setConfirming(null);
                            onDone(t('experiences.deleted', { name: row.name }));
                          },
                          onError: failed,
                        })
                      }
                    >
                      {t('experiences.delete', { name: row.name })}
                    </button>
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => setConfirming(null)}
                    >
                      {t('experiences.cancel')}
                    </button>
                  </span>
                ) : (
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setConfirming(row.id)}
                  >
                    {t('experiences.delete', { name: row.name })}
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      {experiences.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={experiences.isFetchingNextPage}
          onClick={() => void experiences.fetchNextPage()}
        >
          {t('experiences.loadMore')}
        </button>
      ) : null}
    </>
  );
}
