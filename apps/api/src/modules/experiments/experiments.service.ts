// The one experiments service (docs/decisions/120). The product reads groups through
// `request.experiments` (plugins/experiments), which asks this store for the experiments admin's
// definitions and overrides; the store caches them for EXPERIMENTS_CACHE_TTL_MS, so an
// operator's change reaches every server process within that time (this process at once), and
// writes the exposures the plugin collects, each once.
import { LRUCache } from 'lru-cache';
import { AppError } from '@corkboard/shared/app-error';
import {
  EXPERIMENT_OVERRIDES_MAX,
  type AdminExperiment,
  type AdminExperimentExposure,
  type AdminExperimentOverride,
  type ExperimentAllocationBody,
} from '@corkboard/shared/experiments/admin';
import {
  BUCKET_COUNT,
  EXPERIMENTS,
  type ExperimentDefinition,
  type ExperimentRegistry,
} from '@corkboard/shared/experiments/experiments';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeOffsetBookmark, offsetPage, type Page } from '../../core/bookmarks.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import type {
  ExperimentSource,
  ExperimentsSnapshot,
  Exposure,
} from '../../plugins/experiments/experiments.plugin.ts';
import {
  countOverrides,
  deleteOverride,
  exposureCounts,
  findActiveUserId,
  findExperiment,
  findOverride,
  insertExposures,
  listAllOverrides,
  listExperimentRows,
  listExposureRows,
  listGroupRows,
  listOverrideRows,
  lockExperiment,
  overrideCounts,
  touchExperiment,
  updateGroupShare,
  upsertOverride,
  type GroupRow,
} from './experiments.repository.ts';

/**
 * Not in the spec: how long a server process trusts its copy of the experiments admin. Short
 * enough that an operator's change is live "at once" for a person, long enough that reading
 * groups costs no query per request.
 */
export const EXPERIMENTS_CACHE_TTL_MS = 5_000;
/** Exposures this process remembers having written (a repeat costs no insert). */
export const EXPOSURE_DEDUP_MAX_ENTRIES = 100_000;
/** The admin's exposure log: newest first, at most this many rows reachable. */
export const EXPOSURE_LIST_MAX_RESULTS = 1000;
/** Characters of a visitor id the admin shows. */
export const VISITOR_ID_SHOWN_CHARS = 8;

type StoreDeps = Pick<AppDeps, 'db' | 'log' | 'now'>;

function percentOf(basisPoints: number): number {
  return basisPoints / 100;
}

function registryFrom(rows: readonly GroupRow[], descriptions: Map<string, string>) {
  const registry: Record<string, ExperimentDefinition> = {};
  for (const row of rows) {
    const definition = registry[row.experiment] ?? {
      description: descriptions.get(row.experiment) ?? '',
      groups: [],
    };
    registry[row.experiment] = {
      ...definition,
      groups: [...definition.groups, { name: row.name, percent: percentOf(row.basis_points) }],
    };
  }
  // An experiment the code reads but the database lacks (a migration not yet run) keeps its
  // coded default instead of falling to control.
  for (const [name, definition] of Object.entries(EXPERIMENTS)) {
    registry[name] ??= definition;
  }
  return registry satisfies ExperimentRegistry;
}

async function loadSnapshot(deps: StoreDeps): Promise<ExperimentsSnapshot> {
  const [experiments, groups, overrides] = await Promise.all([
    listExperimentRows(deps.db),
    listGroupRows(deps.db),
    listAllOverrides(deps.db),
  ]);
  const descriptions = new Map(experiments.map((row) => [row.name, row.description]));
  const overridesByUser = new Map<string, Record<string, string>>();
  for (const row of overrides) {
    const forUser = overridesByUser.get(row.user_id) ?? {};
    forUser[row.experiment] = row.group_name;
    overridesByUser.set(row.user_id, forUser);
  }
  return {
    registry: registryFrom(groups, descriptions),
    overridesByUser: overridesByUser,
  };
}

const CODED_SNAPSHOT: ExperimentsSnapshot = { registry: EXPERIMENTS, overridesByUser: new Map() };

export function createExperimentStore(deps: StoreDeps): ExperimentSource {
  let cached: { snapshot: ExperimentsSnapshot; loadedAt: number } | undefined;
  let loading: Promise<ExperimentsSnapshot> | undefined;
  let generation = 0;
  const written = new LRUCache<string, true>({ max: EXPOSURE_DEDUP_MAX_ENTRIES });

  const load = (): Promise<ExperimentsSnapshot> => {
    const started = generation;
    const promise = loadSnapshot(deps)
      .then((snapshot) => {
        if (started === generation) cached = { snapshot, loadedAt: deps.now().getTime() };
        return snapshot;
      })
      .catch((error: unknown) => {
        // A database hiccup must not fail every page: keep the last copy (or the coded
        // defaults) and try again on the next request.
        deps.log.error({ err: error }, 'experiments: definitions not loaded');
        return cached?.snapshot ?? CODED_SNAPSHOT;
      })
      .finally(() => {
        if (loading === promise) loading = undefined;
      });
    loading = promise;
    return promise;
  };

  const fresh = (): ExperimentsSnapshot | undefined =>
    cached && deps.now().getTime() - cached.loadedAt < EXPERIMENTS_CACHE_TTL_MS
      ? cached.snapshot
      : undefined;
  return {
    snapshot() {
      const known = fresh();
      if (known !== undefined) return Promise.resolve(known);
      return loading ?? load();
    },
    snapshotNow: fresh,
    invalidate() {
      generation += 1;
      cached = undefined;
      loading = undefined;
    },
    async recordExposures(exposures: readonly Exposure[]) {
      const fresh = exposures.filter(
        (exposure) => !written.has(`${exposure.experiment}|${exposure.subject}|${exposure.group}`),
      );
      if (fresh.length === 0) return;
      const exposedAt = deps.now();
      await insertExposures(
        deps.db,
        fresh.map((exposure) => ({
          experiment: exposure.experiment,
          subject: exposure.subject,
          user_id: exposure.userId,
          group_name: exposure.group,
          source: exposure.source,
          exposed_at: exposedAt,
        })),
      );
      for (const exposure of fresh) {
        written.set(`${exposure.experiment}|${exposure.subject}|${exposure.group}`, true);
      }
    },
  };
}

// ---- the admin ----------------------------------------------------------------------------

type AdminDeps = Pick<AppDeps, 'db' | 'log' | 'now' | 'experiments'>;

async function requireExperiment(deps: Pick<AppDeps, 'db'>, name: string) {
  const experiment = await findExperiment(deps.db, name);
  if (!experiment) throw new AppError('EXPERIMENT_NOT_FOUND');
  return experiment;
}

export async function listExperiments(deps: Pick<AppDeps, 'db'>): Promise<AdminExperiment[]> {
  // Bounded by the experiments the code reads (one row each), so no paging is needed.
  const [experiments, groups, overrides, exposures] = await Promise.all([
    listExperimentRows(deps.db),
    listGroupRows(deps.db),
    overrideCounts(deps.db),
    exposureCounts(deps.db),
  ]);
  return experiments.map((experiment) => ({
    name: experiment.name,
    description: experiment.description,
    groups: groups
      .filter((group) => group.experiment === experiment.name)
      .map((group) => ({
        name: group.name,
        percent: percentOf(group.basis_points),
        exposures: exposures.get(`${experiment.name}\u0000${group.name}`) ?? 0,
      })),
    override_count: overrides.get(experiment.name) ?? 0,
    updated_at: experiment.updated_at.toISOString(),
    updated_by: experiment.updated_by_username,
  }));
}

/** New shares for every group of an experiment (each once; together 100 %). */
export async function setAllocation(
  deps: AdminDeps,
  viewer: Viewer,
  name: string,
  body: ExperimentAllocationBody,
): Promise<void> {
  await requireExperiment(deps, name);
  const groups = await listGroupRows(deps.db, name);
  const given = new Map(body.groups.map((group) => [group.name, Math.round(group.percent * 100)]));
  const total = [...given.values()].reduce((sum, value) => sum + value, 0);
  const sameGroups =
    given.size === body.groups.length &&
    given.size === groups.length &&
    groups.every((group) => given.has(group.name));
  if (!sameGroups || total !== BUCKET_COUNT) {
    throw new AppError('EXPERIMENT_ALLOCATION_INVALID', {
      data: { groups: groups.map((group) => group.name), total_percent: total / 100 },
    });
  }
  await deps.db.transaction().execute(async (trx) => {
    await lockExperiment(trx, name);
    for (const [group, basisPoints] of given) await updateGroupShare(trx, name, group, basisPoints);
    await touchExperiment(trx, name, viewer.id, deps.now());
  });
  deps.experiments.invalidate();
  deps.log.info(
    { by: viewer.id, experiment: name, groups: body.groups },
    'experiments: allocation',
  );
}

export async function listOverrides(
  deps: Pick<AppDeps, 'db'>,
  name: string,
  page: PageRequest,
): Promise<Page<AdminExperimentOverride>> {
  await requireExperiment(deps, name);
  const offset = decodeOffsetBookmark(page.bookmark, EXPERIMENT_OVERRIDES_MAX);
  const rows = await listOverrideRows(deps.db, name, offset, page.pageSize + 1);
  return offsetPage(rows, offset, page.pageSize, EXPERIMENT_OVERRIDES_MAX, (row) => ({
    username: row.username,
    group: row.group_name,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by_username,
  }));
}

async function requirePerson(deps: Pick<AppDeps, 'db'>, username: string): Promise<string> {
  const userId = await findActiveUserId(deps.db, username);
  if (!userId) throw new AppError('EXPERIMENT_OVERRIDE_USER_NOT_FOUND', { data: { username } });
  return userId;
}

export async function setOverride(
  deps: AdminDeps,
  viewer: Viewer,
  name: string,
  username: string,
  group: string,
): Promise<void> {
  await requireExperiment(deps, name);
  const groups = await listGroupRows(deps.db, name);
  if (!groups.some((candidate) => candidate.name === group)) {
    throw new AppError('EXPERIMENT_GROUP_UNKNOWN', {
      data: { groups: groups.map((candidate) => candidate.name) },
    });
  }
  const userId = await requirePerson(deps, username);
  await deps.db.transaction().execute(async (trx) => {
    await lockExperiment(trx, name);
    const existing = await findOverride(trx, name, userId);
    if (!existing && (await countOverrides(trx, name)) >= EXPERIMENT_OVERRIDES_MAX) {
      throw new AppError('EXPERIMENT_OVERRIDES_FULL', { data: { max: EXPERIMENT_OVERRIDES_MAX } });
    }
    await upsertOverride(trx, { experiment: name, userId, group, by: viewer.id }, deps.now());
  });
  deps.experiments.invalidate();
  deps.log.info({ by: viewer.id, experiment: name, userId, group }, 'experiments: override set');
}

export async function removeOverride(
  deps: AdminDeps,
  viewer: Viewer,
  name: string,
  username: string,
): Promise<void> {
  await requireExperiment(deps, name);
  const userId = await requirePerson(deps, username);
  if (!(await deleteOverride(deps.db, name, userId))) {
    throw new AppError('EXPERIMENT_OVERRIDE_NOT_FOUND');
  }
  deps.experiments.invalidate();
  deps.log.info({ by: viewer.id, experiment: name, userId }, 'experiments: override removed');
}

export async function listExposures(
  deps: Pick<AppDeps, 'db'>,
  name: string,
  group: string | undefined,
  page: PageRequest,
): Promise<Page<AdminExperimentExposure>> {
  await requireExperiment(deps, name);
  const offset = decodeOffsetBookmark(page.bookmark, EXPOSURE_LIST_MAX_RESULTS);
  const rows = await listExposureRows(deps.db, name, group, offset, page.pageSize + 1);
  return offsetPage(rows, offset, page.pageSize, EXPOSURE_LIST_MAX_RESULTS, (row) => ({
    id: row.id,
    username: row.username,
    visitor: row.subject.startsWith('v:') ? row.subject.slice(2, 2 + VISITOR_ID_SHOWN_CHARS) : null,
    group: row.group_name,
    source: row.source,
    exposed_at: row.exposed_at.toISOString(),
  }));
}
