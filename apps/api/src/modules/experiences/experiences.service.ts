// The experience platform (business.md §3 "Experience", §4.4, §7; docs/decisions/081).
//
// Which experience a person sees in a placement: among the placement's experiences whose dates
// include now (best priority first, then oldest), the first that
//   - is for the person (audience: signed up within N days, country, language, page context);
//   - the person has not ended (completed, completed without homefeed, dismissed);
//   - if triggerable, was triggered for the person (PUT …/trigger/);
//   - is within its caps: the person's views < max_views_per_person, and fewer than max_people
//     people have seen it (someone who already saw it keeps seeing it up to their own cap).
// Statuses: viewed and completed are updates, dismissed is a delete (§4.4). An end is final: the
// same end again answers the state as it is, a different end is EXPERIENCE_ALREADY_ENDED.
import { AppError } from '@corkboard/shared/app-error';
import {
  audienceSchema,
  displayDataSchema,
  type ExperienceDefinition,
} from '@corkboard/shared/experiences/schemas';
import {
  formatPlacedId,
  isEndedStatus,
  parsePlacedId,
  PLACEMENT_IDS,
  type AdminExperience,
  type Audience,
  type DisplayData,
  type EndedStatus,
  type Experience,
  type ExperienceStateAnswer,
  type ExperienceStatus,
} from '@corkboard/shared/experiences/experiences';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeOffsetBookmark, offsetPage, type Page } from '../../core/bookmarks.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  countPeopleWhoSaw,
  countStatuses,
  deleteExperience,
  endExperienceNow,
  findExperience,
  findLiveExperiences,
  findPersonFacts,
  findUserExperiences,
  insertExperience,
  listExperiences,
  lockExperience,
  recordEnd,
  recordTrigger,
  recordView,
  updateExperience,
  type ExperienceRow,
  type PersonFacts,
  type UserExperienceRow,
} from './experiences.repository.ts';

/** Admin list pages: offset bookmarks up to this many definitions. */
export const EXPERIENCE_LIST_MAX_RESULTS = 1_000;
const DAY_MS = 24 * 60 * 60_000;

export type ExtraContext = Record<string, string | number | boolean>;

export interface Targeting {
  language?: string | undefined;
}

interface Facts {
  person: PersonFacts;
  language: string;
  extraContext: ExtraContext;
  now: Date;
}

/** The stored JSON, read through the shared schemas (a bad row never reaches the web). */
function displayOf(row: ExperienceRow): DisplayData {
  return displayDataSchema.parse(row.display_data);
}

function audienceOf(row: ExperienceRow): Audience {
  return audienceSchema.parse(row.audience);
}

/** Every audience rule given holds for the person (none given: everyone). */
export function audienceIncludes(audience: Audience, facts: Facts): boolean {
  if (audience.signed_up_within_days !== undefined) {
    const age = facts.now.getTime() - facts.person.created_at.getTime();
    if (age > audience.signed_up_within_days * DAY_MS) return false;
  }
  if (audience.countries && audience.countries.length > 0) {
    const country = facts.person.country?.toUpperCase();
    if (!country || !audience.countries.includes(country)) return false;
  }
  if (audience.languages && audience.languages.length > 0) {
    if (!audience.languages.includes(facts.language)) return false;
  }
  for (const [key, value] of Object.entries(audience.context ?? {})) {
    if (String(facts.extraContext[key] ?? '') !== value) return false;
  }
  return true;
}

/**
 * Placements whose experiences a person sees at most this many times, whatever the definition
 * says (docs/decisions/083): the save tooltip and the Instagram upsell are shown once.
 */
export const PLACEMENT_MAX_VIEWS_PER_PERSON: ReadonlyMap<number, number> = new Map([
  [PLACEMENT_IDS.save_tooltip, 1],
  // saving.md §2.8 "Shown once (recorded as seen)" (docs/decisions/129).
  [PLACEMENT_IDS.instagram_upsell, 1],
]);

function viewCap(row: ExperienceRow): number | null {
  const placementCap = PLACEMENT_MAX_VIEWS_PER_PERSON.get(row.placement_id) ?? null;
  if (placementCap === null) return row.max_views_per_person;
  if (row.max_views_per_person === null) return placementCap;
  return Math.min(placementCap, row.max_views_per_person);
}

function withinCaps(
  row: ExperienceRow,
  mine: UserExperienceRow | undefined,
  peopleWhoSaw: number,
): boolean {
  const views = mine?.view_count ?? 0;
  const cap = viewCap(row);
  if (cap !== null && views >= cap) return false;
  const sawIt = mine?.first_viewed_at !== null && mine?.first_viewed_at !== undefined;
  if (row.max_people !== null && !sawIt && peopleWhoSaw >= row.max_people) return false;
  return true;
}

function toExperience(
  row: ExperienceRow,
  mine: UserExperienceRow | undefined,
  extraContext: ExtraContext,
  triggerable: string[],
): Experience {
  return {
    experience_id: row.id,
    placement_id: row.placement_id,
    placed_experience_id: formatPlacedId(row.placement_id, row.id),
    display_data: displayOf(row),
    extra_context: extraContext,
    targeting: audienceOf(row),
    triggerable_placed_exps: triggerable,
    metadata: {
      name: row.name,
      priority: row.priority,
      triggerable: row.triggerable,
      max_views_per_person: row.max_views_per_person,
      ends_at: row.ends_at?.toISOString() ?? null,
    },
    status: mine?.status ?? null,
    view_count: mine?.view_count ?? 0,
  };
}

async function factsFor(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  targeting: Targeting,
  extraContext: ExtraContext,
): Promise<Facts> {
  const person = await findPersonFacts(deps.db, viewer.id);
  if (!person) throw new AppError('UNAUTHORIZED');
  const language = (targeting.language ?? person.locale).slice(0, 2).toLowerCase();
  return { person, language, extraContext, now: deps.now() };
}

export interface PlacementsAnswer {
  /** Fitting experiences per asked placement id, best first (empty: none). */
  byPlacement: Map<number, Experience[]>;
  /** Triggerable experiences of these placements the person has not triggered or ended. */
  triggerable: string[];
}

/** What each placement shows the person (see the file comment). */
export async function experiencesForPlacements(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  placementIds: readonly number[],
  targeting: Targeting,
  extraContext: ExtraContext,
): Promise<PlacementsAnswer> {
  const facts = await factsFor(deps, viewer, targeting, extraContext);
  const rows = await findLiveExperiences(deps.db, placementIds, facts.now);
  const ids = rows.map((row) => row.id);
  const [mine, seen] = await Promise.all([
    findUserExperiences(deps.db, viewer.id, ids),
    countPeopleWhoSaw(deps.db, ids),
  ]);
  const statusById = new Map(mine.map((row) => [row.experience_id, row]));
  const forPerson = rows.filter((row) => audienceIncludes(audienceOf(row), facts));
  const triggerable = forPerson
    .filter((row) => row.triggerable && !statusById.has(row.id))
    .map((row) => formatPlacedId(row.placement_id, row.id));
  const byPlacement = new Map<number, Experience[]>(placementIds.map((id) => [id, []]));
  for (const row of forPerson) {
    const own = statusById.get(row.id);
    if (isEndedStatus(own?.status ?? null)) continue;
    if (row.triggerable && own === undefined) continue;
    if (!withinCaps(row, own, seen.get(row.id) ?? 0)) continue;
    byPlacement.get(row.placement_id)?.push(toExperience(row, own, extraContext, triggerable));
  }
  return { byPlacement, triggerable };
}

function placedOrThrow(placedId: string): { placementId: number; experienceId: string } {
  const placed = parsePlacedId(placedId);
  if (!placed) throw new AppError('EXPERIENCE_ID_INVALID');
  return placed;
}

function stateOf(row: UserExperienceRow, placementId: number): ExperienceStateAnswer {
  return {
    placed_experience_id: formatPlacedId(placementId, row.experience_id),
    status: row.status,
    view_count: row.view_count,
  };
}

/** UserExperienceViewedResource update: one more view, if the person may see it now. */
export async function markViewed(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  placedId: string,
  targeting: Targeting,
  extraContext: ExtraContext,
): Promise<ExperienceStateAnswer> {
  const { placementId, experienceId } = placedOrThrow(placedId);
  const facts = await factsFor(deps, viewer, targeting, extraContext);
  return deps.db.transaction().execute(async (trx) => {
    const row = await findExperience(trx, placementId, experienceId);
    if (!row) throw new AppError('EXPERIENCE_NOT_FOUND');
    await lockExperience(trx, row.id);
    const [own] = await findUserExperiences(trx, viewer.id, [row.id]);
    // A late view of something the person already ended changes nothing.
    if (own && isEndedStatus(own.status)) return stateOf(own, placementId);
    const live =
      (row.starts_at === null || row.starts_at <= facts.now) &&
      (row.ends_at === null || row.ends_at > facts.now);
    const seen = (await countPeopleWhoSaw(trx, [row.id])).get(row.id) ?? 0;
    if (
      !live ||
      !audienceIncludes(audienceOf(row), facts) ||
      (row.triggerable && own === undefined) ||
      !withinCaps(row, own, seen)
    ) {
      throw new AppError('EXPERIENCE_NOT_ELIGIBLE');
    }
    return stateOf(await recordView(trx, viewer.id, row.id, facts.now), placementId);
  });
}

/** Completed (UserExperienceCompletedResource update) or dismissed (UserExperienceResource delete). */
export async function markEnded(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  placedId: string,
  status: EndedStatus,
): Promise<ExperienceStateAnswer> {
  const { placementId, experienceId } = placedOrThrow(placedId);
  return deps.db.transaction().execute(async (trx) => {
    const row = await findExperience(trx, placementId, experienceId);
    if (!row) throw new AppError('EXPERIENCE_NOT_FOUND');
    await lockExperience(trx, row.id);
    const [own] = await findUserExperiences(trx, viewer.id, [row.id]);
    if (own && isEndedStatus(own.status)) {
      if (own.status === status) return stateOf(own, placementId);
      throw new AppError('EXPERIENCE_ALREADY_ENDED', { data: { status: own.status } });
    }
    return stateOf(await recordEnd(trx, viewer.id, row.id, status, deps.now()), placementId);
  });
}

/** PUT /v3/experiences/{placement}:{experience}/trigger/. */
export async function triggerExperience(
  deps: Pick<AppDeps, 'db' | 'now'>,
  viewer: Viewer,
  placedId: string,
  extraContext: ExtraContext,
): Promise<ExperienceStateAnswer> {
  const { placementId, experienceId } = placedOrThrow(placedId);
  const facts = await factsFor(deps, viewer, {}, extraContext);
  const row = await findExperience(deps.db, placementId, experienceId);
  if (!row) throw new AppError('EXPERIENCE_NOT_FOUND');
  if (!row.triggerable) throw new AppError('EXPERIENCE_NOT_TRIGGERABLE');
  const live =
    (row.starts_at === null || row.starts_at <= facts.now) &&
    (row.ends_at === null || row.ends_at > facts.now);
  if (!live || !audienceIncludes(audienceOf(row), facts)) {
    throw new AppError('EXPERIENCE_NOT_ELIGIBLE');
  }
  return stateOf(await recordTrigger(deps.db, viewer.id, row.id, facts.now), placementId);
}

// ---- the admin side ------------------------------------------------------------------------

function valuesOf(definition: ExperienceDefinition) {
  const startsAt = definition.starts_at ? new Date(definition.starts_at) : null;
  const endsAt = definition.ends_at ? new Date(definition.ends_at) : null;
  if (startsAt && endsAt && endsAt <= startsAt) {
    throw new AppError('EXPERIENCE_DEFINITION_INVALID', { data: { reason: 'ends_before_start' } });
  }
  return {
    placement_id: definition.placement_id,
    name: definition.name,
    priority: definition.priority,
    triggerable: definition.triggerable,
    display_data: JSON.stringify(definition.display_data),
    audience: JSON.stringify(definition.audience),
    starts_at: startsAt,
    ends_at: endsAt,
    max_views_per_person: definition.max_views_per_person ?? null,
    max_people: definition.max_people ?? null,
  };
}

function toAdmin(
  row: ExperienceRow,
  counts: Partial<Record<ExperienceStatus, number>>,
): AdminExperience {
  return {
    id: row.id,
    placement_id: row.placement_id,
    placed_experience_id: formatPlacedId(row.placement_id, row.id),
    name: row.name,
    priority: row.priority,
    triggerable: row.triggerable,
    display_data: displayOf(row),
    audience: audienceOf(row),
    starts_at: row.starts_at?.toISOString() ?? null,
    ends_at: row.ends_at?.toISOString() ?? null,
    max_views_per_person: row.max_views_per_person,
    max_people: row.max_people,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    people_by_status: counts,
  };
}

async function withCounts(
  deps: Pick<AppDeps, 'db'>,
  rows: ExperienceRow[],
): Promise<AdminExperience[]> {
  const counts = await countStatuses(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const mine: Partial<Record<ExperienceStatus, number>> = {};
    for (const count of counts) {
      if (count.experience_id === row.id) mine[count.status] = Number(count.people);
    }
    return toAdmin(row, mine);
  });
}

export async function listAdminExperiences(
  deps: Pick<AppDeps, 'db'>,
  page: PageRequest,
): Promise<Page<AdminExperience>> {
  const offset = decodeOffsetBookmark(page.bookmark, EXPERIENCE_LIST_MAX_RESULTS);
  const rows = await listExperiences(deps.db, offset, page.pageSize + 1);
  const answered = await withCounts(deps, rows);
  return offsetPage(answered, offset, page.pageSize, EXPERIENCE_LIST_MAX_RESULTS, (row) => row);
}

export async function createExperience(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  definition: ExperienceDefinition,
): Promise<AdminExperience> {
  const row = await insertExperience(deps.db, valuesOf(definition), viewer.id, deps.now());
  deps.log.info({ by: viewer.id, experience: row.id }, 'experiences: defined');
  const [answer] = await withCounts(deps, [row]);
  if (!answer) throw new AppError('INTERNAL');
  return answer;
}

export async function changeExperience(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  id: string,
  definition: ExperienceDefinition,
): Promise<AdminExperience> {
  const row = await updateExperience(deps.db, id, valuesOf(definition), deps.now());
  if (!row) throw new AppError('EXPERIENCE_NOT_FOUND');
  deps.log.info({ by: viewer.id, experience: row.id }, 'experiences: changed');
  const [answer] = await withCounts(deps, [row]);
  if (!answer) throw new AppError('INTERNAL');
  return answer;
}

/**
 * Ends an experience for everyone now: no placement answers it from the next call on (nothing
 * caches the choice on the server). The definition and the people's statuses stay for the list.
 */
export async function endExperience(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  id: string,
): Promise<AdminExperience> {
  const row = await endExperienceNow(deps.db, id, deps.now());
  if (!row) throw new AppError('EXPERIENCE_NOT_FOUND');
  deps.log.info({ by: viewer.id, experience: row.id }, 'experiences: ended');
  const [answer] = await withCounts(deps, [row]);
  if (!answer) throw new AppError('INTERNAL');
  return answer;
}

/** Deletes a definition and every person's status for it. */
export async function removeExperience(
  deps: Pick<AppDeps, 'db' | 'log'>,
  viewer: Viewer,
  id: string,
): Promise<{ id: string }> {
  if (!(await deleteExperience(deps.db, id))) throw new AppError('EXPERIENCE_NOT_FOUND');
  deps.log.info({ by: viewer.id, experience: id }, 'experiences: deleted');
  return { id };
}
