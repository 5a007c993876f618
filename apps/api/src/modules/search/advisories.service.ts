// Search advisories (business.md §2.4, §3; docs/decisions/073): the operators' list and the
// advisory a search carries. Matching works on the folded query (accents, case and spacing
// ignored): a term matches the whole query, a pattern is a glob over it (`*` = any run of
// characters). When several entries match, the repository's order picks one.
import { AppError } from '@corkboard/shared/app-error';
import {
  foldAdvisoryText,
  SEARCH_ADVISORY_LIST_MAX,
  type AdminSearchAdvisory,
  type AdvisoryNotice,
  type AdvisorySeverity,
  type SearchAdvisory,
} from '@corkboard/shared/search/advisories';
import type { AppDeps } from '../../core/app-deps.ts';
import { decodeOffsetBookmark, offsetPage, type Page } from '../../core/bookmarks.ts';
import { uniqueViolation } from '../../core/db-errors.ts';
import type { PageRequest } from '../../core/schemas.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  countAdvisories,
  deleteAdvisory,
  findAdvisory,
  findMatchingAdvisory,
  insertAdvisory,
  listAdvisories,
  lockAdvisoryList,
  updateAdvisory,
  userCountry,
  type AdvisoryRow,
  type AdvisoryValues,
} from './advisories.repository.ts';
import type { AdvisoryInput } from './advisories.schemas.ts';

/** A glob over the folded query as a LIKE pattern: `%`, `_`, `\` literal, `*` any run. */
export function likePatternOf(foldedPattern: string): string {
  return foldedPattern.replace(/[\\%_]/g, (char) => `\\${char}`).replace(/\*+/g, '%');
}

function severityOf(value: number): AdvisorySeverity {
  if (value === 0 || value === 1 || value === 2) return value;
  throw new Error(`search_advisories.severity out of range: ${value}`);
}

function toAdvisory(row: AdvisoryRow): SearchAdvisory {
  return {
    id: row.id,
    advisory: row.advisory,
    severity: severityOf(row.severity),
    advisory_type: row.advisory_type,
    resource_country: row.resource_country,
    // Written only through advisoryInputSchema, so the stored JSON has the notice shape.
    notices: row.notices as AdvisoryNotice[],
  };
}

function toAdminAdvisory(row: AdvisoryRow): AdminSearchAdvisory {
  return {
    ...toAdvisory(row),
    match_kind: row.match_kind,
    match_text: row.match_text,
    updated_at: row.updated_at.toISOString(),
    updated_by: row.updated_by_username,
  };
}

/**
 * The advisory for a search query, or null. A signed-in person also gets entries for their own
 * country (users.country); everyone gets the entries for every country.
 */
export async function advisoryFor(
  deps: Pick<AppDeps, 'db'>,
  query: string,
  viewer: Viewer | null,
): Promise<SearchAdvisory | null> {
  const folded = foldAdvisoryText(query);
  if (folded === '') return null;
  const country = viewer ? ((await userCountry(deps.db, viewer.id))?.toUpperCase() ?? null) : null;
  const row = await findMatchingAdvisory(deps.db, folded, country);
  return row ? toAdvisory(row) : null;
}

function valuesOf(input: AdvisoryInput): AdvisoryValues {
  const key = foldAdvisoryText(input.match_text);
  return {
    match_kind: input.match_kind,
    match_text: input.match_text,
    match_key: key,
    like_pattern: input.match_kind === 'pattern' ? likePatternOf(key) : null,
    advisory: input.advisory,
    severity: input.severity,
    advisory_type: input.advisory_type,
    resource_country: input.resource_country,
    notices: input.notices,
  };
}

function duplicateOr(error: unknown): unknown {
  return uniqueViolation(error) === null ? error : new AppError('SEARCH_ADVISORY_DUPLICATE');
}

export async function listSearchAdvisories(
  deps: Pick<AppDeps, 'db'>,
  search: string | undefined,
  page: PageRequest,
): Promise<Page<AdminSearchAdvisory>> {
  const offset = decodeOffsetBookmark(page.bookmark, SEARCH_ADVISORY_LIST_MAX);
  const folded = search ? foldAdvisoryText(search) : undefined;
  const rows = await listAdvisories(deps.db, folded || undefined, offset, page.pageSize + 1);
  return offsetPage(rows, offset, page.pageSize, SEARCH_ADVISORY_LIST_MAX, toAdminAdvisory);
}

async function loadAdmin(deps: Pick<AppDeps, 'db'>, id: string): Promise<AdminSearchAdvisory> {
  const row = await findAdvisory(deps.db, id);
  if (!row) throw new AppError('SEARCH_ADVISORY_NOT_FOUND');
  return toAdminAdvisory(row);
}

export async function createSearchAdvisory(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  input: AdvisoryInput,
): Promise<AdminSearchAdvisory> {
  const id = await deps.db
    .transaction()
    .execute(async (trx) => {
      await lockAdvisoryList(trx);
      if ((await countAdvisories(trx)) >= SEARCH_ADVISORY_LIST_MAX) {
        throw new AppError('SEARCH_ADVISORY_LIST_FULL', {
          data: { max: SEARCH_ADVISORY_LIST_MAX },
        });
      }
      return insertAdvisory(trx, valuesOf(input), viewer.id, deps.now());
    })
    .catch((error: unknown) => {
      throw duplicateOr(error);
    });
  deps.log.info({ by: viewer.id, id, severity: input.severity }, 'search advisory: created');
  return loadAdmin(deps, id);
}

export async function changeSearchAdvisory(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  id: string,
  input: AdvisoryInput,
): Promise<AdminSearchAdvisory> {
  const updated = await updateAdvisory(deps.db, id, valuesOf(input), viewer.id, deps.now()).catch(
    (error: unknown) => {
      throw duplicateOr(error);
    },
  );
  if (!updated) throw new AppError('SEARCH_ADVISORY_NOT_FOUND');
  deps.log.info({ by: viewer.id, id, severity: input.severity }, 'search advisory: changed');
  return loadAdmin(deps, id);
}

export async function removeSearchAdvisory(
  deps: Pick<AppDeps, 'db' | 'log'>,
  viewer: Viewer,
  id: string,
): Promise<{ id: string }> {
  if (!(await deleteAdvisory(deps.db, id))) throw new AppError('SEARCH_ADVISORY_NOT_FOUND');
  deps.log.info({ by: viewer.id, id }, 'search advisory: removed');
  return { id };
}
