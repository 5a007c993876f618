// Section rename, delete and reorder (issue 10 "section rename, delete (pins stay on the board),
// reorder"; docs/decisions/059). Who: the people who may save to the board (owner and accepted
// collaborators), as for creating a section. A section of a board the viewer cannot see is
// SECTION_NOT_FOUND, like a missing one; one they can see but not write is BOARD_NOT_WRITABLE.
// A delete moves the section's pins out of it, so it claims the board like a move (2171–2173).
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type { PickerSectionItem } from '@corkboard/shared/saving/api';
import { SECTION_SLUG_FALLBACK, slugify, uniqueSlug } from '@corkboard/shared/saving/board-name';
import type {
  sectionDeleteOptionsSchema,
  sectionEditOptionsSchema,
  sectionOrderBodySchema,
} from '@corkboard/shared/saving/organise';
import type { z } from 'zod';
import type { AppDeps } from '../../core/app-deps.ts';
import { findVisibleBoardForWrite } from '../../core/board-access.repository.ts';
import { requireWritableBoard } from '../../core/board-access.ts';
import { withBoardActions } from '../../core/board-actions.ts';
import { uniqueViolation } from '../../core/db-errors.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { takenSectionSlugs } from './section-create.repository.ts';
import {
  deleteSectionRow,
  lockBoardSections,
  lockSection,
  otherSectionTitled,
  renameSectionRow,
  setSectionPosition,
  type LockedSectionRow,
} from './section-edit.repository.ts';
import { findSectionItem } from './section-items.repository.ts';
import { serializeSectionItem } from './sections.service.ts';

type SectionEditOptions = z.output<typeof sectionEditOptionsSchema>;
type SectionDeleteOptions = z.output<typeof sectionDeleteOptionsSchema>;
type SectionOrderBody = z.output<typeof sectionOrderBodySchema>;

/** The section, locked, when the viewer may change it. */
async function requireEditableSection(
  trx: Kysely<Database>,
  viewer: Viewer,
  sectionId: string,
): Promise<LockedSectionRow> {
  const section = await lockSection(trx, sectionId);
  if (!section) throw new AppError('SECTION_NOT_FOUND');
  const board = await findVisibleBoardForWrite(trx, viewer, section.board_id);
  if (!board) throw new AppError('SECTION_NOT_FOUND');
  if (!board.writable) throw new AppError('BOARD_NOT_WRITABLE', { data: { field: 'board_id' } });
  return section;
}

/** BoardSectionResource update: a new name (the create rule and codes), and a new slug. */
export async function renameSection(
  deps: AppDeps,
  viewer: Viewer,
  options: SectionEditOptions,
): Promise<PickerSectionItem> {
  try {
    await deps.db.transaction().execute(async (trx) => {
      const section = await requireEditableSection(trx, viewer, options.section_id);
      if (section.title === options.name) return;
      if (await otherSectionTitled(trx, section.board_id, section.id, options.name)) {
        throw new AppError('SECTION_NAME_TAKEN', { data: { field: 'name' } });
      }
      const base = slugify(options.name, SECTION_SLUG_FALLBACK);
      const taken = (await takenSectionSlugs(trx, section.board_id, base)).filter(
        (slug) => slug !== section.slug,
      );
      await renameSectionRow(trx, section.id, options.name, uniqueSlug(base, taken));
    });
  } catch (error) {
    // A section made or renamed at the same moment took the name (or its slug).
    if (uniqueViolation(error) !== null) {
      throw new AppError('SECTION_NAME_TAKEN', { data: { field: 'name' } });
    }
    throw error;
  }
  const row = await findSectionItem(deps.db, options.section_id);
  if (!row) throw new AppError('SECTION_NOT_FOUND');
  return serializeSectionItem(deps.storage, row);
}

/** BoardSectionResource delete: the section goes, its pins stay on the board. */
export async function deleteSection(
  deps: AppDeps,
  viewer: Viewer,
  options: SectionDeleteOptions,
): Promise<{ section_id: string; pins_kept: number }> {
  const before = await deps.db
    .selectFrom('board_sections')
    .select('board_id')
    .where('id', '=', options.section_id)
    .executeTakeFirst();
  if (!before) throw new AppError('SECTION_NOT_FOUND');
  const kept = await withBoardActions(
    deps,
    viewer,
    [{ boardId: before.board_id, kind: 'move' }],
    () =>
      deps.db.transaction().execute(async (trx) => {
        const section = await requireEditableSection(trx, viewer, options.section_id);
        return deleteSectionRow(trx, section, deps.now());
      }),
  );
  return { section_id: options.section_id, pins_kept: kept };
}

/**
 * PUT /v3/boards/{id}/sections/order/: the section right after `after_section_id` (null: first);
 * the board's sections are renumbered 1…n. Answers the sections' ids in their new order.
 */
export async function reorderSection(
  deps: AppDeps,
  viewer: Viewer,
  boardId: string,
  body: SectionOrderBody,
): Promise<{ section_ids: string[] }> {
  return deps.db.transaction().execute(async (trx) => {
    await requireWritableBoard(trx, viewer, boardId);
    const sections = await lockBoardSections(trx, boardId);
    const ids = sections.map((section) => section.id);
    const after = body.after_section_id ?? null;
    if (
      !ids.includes(body.section_id) ||
      after === body.section_id ||
      (after !== null && !ids.includes(after))
    ) {
      throw new AppError('SECTION_ORDER_INVALID');
    }
    const order = ids.filter((id) => id !== body.section_id);
    order.splice(after === null ? 0 : order.indexOf(after) + 1, 0, body.section_id);
    for (const [index, id] of order.entries()) {
      const current = sections.find((section) => section.id === id);
      if (current?.position !== index + 1) await setSectionPosition(trx, id, index + 1);
    }
    return { section_ids: order };
  });
}
