// /admin/experiments/: the experiments admin (docs/decisions/120). Every experiment the product
// reads with its groups' shares (editable), how many people met each group, per-person overrides
// by username, and the exposure log. The server keeps the rules; its messages are shown as they
// come.
import type {
  AdminExperiment,
  AdminExperimentExposure,
  AdminExperimentOverride,
} from '@corkboard/shared/experiments/admin';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../api/errorMessages.ts';
import { ADMIN_NAMESPACE } from '../../i18n/adminCatalogue.ts';
import { ErrorState, LoadingState } from '../../ui/PageStates.tsx';
import { TextField } from '../../ui/TextField.tsx';
import './experiments.css';
import {
  useAdminExperiments,
  useExperimentExposures,
  useExperimentOverrides,
  useRemoveOverride,
  useSetAllocation,
  useSetOverride,
} from './adminHooks.ts';

export function AdminExperimentsPage() {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const experiments = useAdminExperiments();
  const [chosen, setChosen] = useState('');
  const [status, setStatus] = useState('');
  const selectId = useId();
  const list = experiments.data ?? [];
  const current = list.find((experiment) => experiment.name === chosen) ?? list[0];
  return (
    <section aria-labelledby="admin-experiments-heading">
      <h1 id="admin-experiments-heading" className="heading heading--md">
        {t('experiments.heading')}
      </h1>
      <p className="admin__intro">{t('experiments.intro')}</p>
      {experiments.isPending ? <LoadingState /> : null}
      {experiments.isError ? <ErrorState onRetry={() => experiments.refetch()} /> : null}
      {current ? (
        <>
          <div className="field">
            <label htmlFor={selectId} className="field__label">
              {t('experiments.chooseLabel')}
            </label>
            <select
              id={selectId}
              className="field__input"
              value={current.name}
              onChange={(event) => {
                setChosen(event.target.value);
                setStatus('');
              }}
            >
              {list.map((experiment) => (
                <option key={experiment.name} value={experiment.name}>
                  {experiment.name}
                </option>
              ))}
            </select>
          </div>
          <p role="status" className="admin__status">
            {status}
          </p>
          {/* Keyed: switching experiments starts the forms afresh. */}
          <ExperimentDetail key={current.name} experiment={current} onDone={setStatus} />
        </>
      ) : null}
    </section>
  );
}

function ExperimentDetail({
  experiment,
  onDone,
}: {
  experiment: AdminExperiment;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  return (
    <>
      <h2 className="heading heading--md">{experiment.name}</h2>
      <p>{experiment.description}</p>
      <p className="admin-list__meta">
        {experiment.updated_by
          ? t('experiments.updatedBy', {
              username: experiment.updated_by,
              date: new Date(experiment.updated_at).toLocaleString(),
            })
          : null}
      </p>
      <AllocationForm experiment={experiment} onDone={onDone} />
      <OverrideForm experiment={experiment} onDone={onDone} />
      <OverrideList experiment={experiment} onDone={onDone} />
      <ExposureLog experiment={experiment} />
    </>
  );
}

function AllocationForm({
  experiment,
  onDone,
}: {
  experiment: AdminExperiment;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const baseId = useId();
  const save = useSetAllocation();
  const [shares, setShares] = useState(() =>
    experiment.groups.map((group) => String(group.percent)),
  );
  const total = shares.reduce((sum, value) => sum + (Number(value) || 0), 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone('');
    save.mutate(
      {
        name: experiment.name,
        body: {
          groups: experiment.groups.map((group, index) => ({
            name: group.name,
            percent: Number(shares[index]),
          })),
        },
      },
      { onSuccess: () => onDone(t('experiments.allocationSaved', { name: experiment.name })) },
    );
  };
  return (
    <form className="admin-form" onSubmit={submit} aria-labelledby={`${baseId}-heading`}>
      <h3 id={`${baseId}-heading`} className="heading experiments-admin__subheading">
        {t('experiments.allocationHeading')}
      </h3>
      {experiment.groups.map((group, index) => (
        <div className="field" key={group.name}>
          <label htmlFor={`${baseId}-${group.name}`} className="field__label">
            {t('experiments.shareLabel', { group: group.name })}
          </label>
          <input
            id={`${baseId}-${group.name}`}
            className="field__input"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step={0.01}
            value={shares[index] ?? ''}
            onChange={(event) =>
              setShares((previous) =>
                previous.map((value, at) => (at === index ? event.target.value : value)),
              )
            }
          />
          <p className="field__helper">{t('experiments.exposures', { count: group.exposures })}</p>
        </div>
      ))}
      <p>{t('experiments.total', { total: Math.round(total * 100) / 100 })}</p>
      {save.isError ? (
        <p className="field__error" role="alert">
          {serverMessage(save.error)}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('experiments.saveAllocation')}
      </button>
    </form>
  );
}

function OverrideForm({
  experiment,
  onDone,
}: {
  experiment: AdminExperiment;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const ids = { username: useId(), group: useId() };
  const save = useSetOverride();
  const [username, setUsername] = useState('');
  const [group, setGroup] = useState(experiment.groups[0]?.name ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onDone('');
    const person = username.trim();
    save.mutate(
      { name: experiment.name, username: person, group },
      {
        onSuccess: () => {
          onDone(t('experiments.overrideSaved', { username: person, group }));
          setUsername('');
        },
      },
    );
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <h3 className="heading experiments-admin__subheading">{t('experiments.overridesHeading')}</h3>
      <TextField
        id={ids.username}
        label={t('experiments.usernameLabel')}
        value={username}
        onChange={setUsername}
        autoComplete="off"
        errorMessage={save.isError ? serverMessage(save.error) : undefined}
      />
      <div className="field">
        <label htmlFor={ids.group} className="field__label">
          {t('experiments.groupLabel')}
        </label>
        <select
          id={ids.group}
          className="field__input"
          value={group}
          onChange={(event) => setGroup(event.target.value)}
        >
          {experiment.groups.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className="button button--primary"
        disabled={save.isPending || username.trim() === ''}
      >
        {t('experiments.saveOverride')}
      </button>
    </form>
  );
}

function OverrideList({
  experiment,
  onDone,
}: {
  experiment: AdminExperiment;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const overrides = useExperimentOverrides(experiment.name);
  const remove = useRemoveOverride();
  const rows: AdminExperimentOverride[] = overrides.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      {overrides.isPending ? <LoadingState /> : null}
      {overrides.isError ? <ErrorState onRetry={() => overrides.refetch()} /> : null}
      {overrides.isSuccess && rows.length === 0 ? <p>{t('experiments.noOverrides')}</p> : null}
      <ul className="admin-list" aria-label={t('experiments.overridesHeading')}>
        {rows.map((row) => (
          <li key={row.username} className="admin-list__row">
            <span className="admin-list__name">
              {row.username}{' '}
              <span className="admin-list__meta">
                {row.group}
                {row.created_by ? ` · ${t('offsite.by', { username: row.created_by })}` : ''}
              </span>
            </span>
            <button
              type="button"
              className="button button--secondary"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { name: experiment.name, username: row.username },
                  {
                    onSuccess: () =>
                      onDone(t('experiments.overrideRemoved', { username: row.username })),
                    onError: (error) => onDone(serverMessage(error) ?? ''),
                  },
                )
              }
            >
              {t('experiments.removeOverride', { username: row.username })}
            </button>
          </li>
        ))}
      </ul>
      {overrides.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={overrides.isFetchingNextPage}
          onClick={() => void overrides.fetchNextPage()}
        >
          {t('offsite.loadMore')}
        </button>
      ) : null}
    </>
  );
}

function ExposureLog({ experiment }: { experiment: AdminExperiment }) {
  const { t } = useTranslation(ADMIN_NAMESPACE);
  const filterId = useId();
  const [group, setGroup] = useState('');
  const exposures = useExperimentExposures(experiment.name, group);
  const rows: AdminExperimentExposure[] = exposures.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <>
      <h3 className="heading experiments-admin__subheading">{t('experiments.exposuresHeading')}</h3>
      <div className="field">
        <label htmlFor={filterId} className="field__label">
          {t('experiments.groupFilterLabel')}
        </label>
        <select
          id={filterId}
          className="field__input"
          value={group}
          onChange={(event) => setGroup(event.target.value)}
        >
          <option value="">{t('experiments.allGroups')}</option>
          {experiment.groups.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      {exposures.isPending ? <LoadingState /> : null}
      {exposures.isError ? <ErrorState onRetry={() => exposures.refetch()} /> : null}
      {exposures.isSuccess && rows.length === 0 ? <p>{t('experiments.noExposures')}</p> : null}
      {rows.length > 0 ? (
        <table className="admin-table">
          <caption className="visually-hidden">{t('experiments.exposuresHeading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('experiments.columnWho')}</th>
              <th scope="col">{t('experiments.columnGroup')}</th>
              <th scope="col">{t('experiments.columnSource')}</th>
              <th scope="col">{t('experiments.columnWhen')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>{row.username ?? t('experiments.visitor', { visitor: row.visitor ?? '' })}</td>
                <td>{row.group}</td>
                <td>{t(`experiments.source.${row.source}`)}</td>
                <td>{new Date(row.exposed_at).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {exposures.hasNextPage ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={exposures.isFetchingNextPage}
          onClick={() => void exposures.fetchNextPage()}
        >
          {t('offsite.loadMore')}
        </button>
      ) : null}
    </>
  );
}
