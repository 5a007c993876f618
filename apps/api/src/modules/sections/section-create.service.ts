// BoardSectionResource create and get (saving.md §2.7, §3 "Section create", §5, §7).
//
// Create: on a board the viewer can save to; the name is trimmed and required
// (SECTION_NAME_REQUIRED), at most 50 characters (SECTION_NAME_TOO_LONG), not a repeat of a
// section of the same board (SECTION_NAME_TAKEN); the slug is unique per board; `initial_pins`
// must all be pins of that same board (SECTION_INITIAL_PINS_INVALID) and are moved into the new
// section. Section, moves and every counter change in one transaction: a failure leaves nothing.
// Get: a section of a board the viewer may see.
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import type { PickerSectionItem } from '@corkboard/shared/saving/api';
import { SECTION_SLUG_FALLBACK, slugify, uniqueSlug } from '@corkboard/shared/saving/board-name';
import { boardSectionCreateOptionsSchema } from '@corkboard/shared/saving/schemas';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { requireViewer, requireWritableBoard } from '../../core/board-access.ts';
import { findSectionItem, serializeSectionItem } from './section-items.repository.ts';
import type { ServiceDeps } from '../../core/service-deps.ts';
import { parseOptions } from '../../core/resources/resource-registry.ts';
import { resolveActing } from '../../core/acting.ts';
import { SLUG_RACE_ATTEMPTS, uniqueViolation } from '../../core/db-errors.ts';
import { optionalIdSchema, requiredIdSchema } from '../../core/option-schemas.ts';
import { parseSavingInput, SECTION_NAME_CODES } from '../../core/input-errors.ts';
import type { SavingDeps } from '../../core/app-deps.ts';
import { visibleBoards } from '../../core/visibility.repository.ts';
import {
  boardHasSectionTitled,
  incrementSectionCount,
  insertSection,
  lockPinsOfBoard,
  movePinsIntoSection,
  nextSectionPosition,
  takenSectionSlugs,
} from './section-create.repository.ts';

export const sectionGetOptionsSchema = z.object({
  section_id: requiredIdSchema,
  field_set_key: z.string().max(64).optional(),
  orbac_subject_id: optionalIdSchema,
});

interface NewSection {
  boardId: string;
  name: string;
  initialPins: readonly string[];
}

async function insertSectionOnce(
  deps: SavingDeps,
  viewer: Viewer,
  section: NewSection,
): Promise<string> {
  const base = slugify(section.name, SECTION_SLUG_FALLBACK);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        const now = deps.now();
        const board = await requireWritableBoard(trx, viewer, section.boardId);
        if (await boardHasSectionTitled(trx, board.id, section.name)) {
          throw new AppError('SECTION_NAME_TAKEN', { data: { field: 'name' } });
        }
        const slug = uniqueSlug(base, await takenSectionSlugs(trx, board.id, base));
        const id = await insertSection(trx, {
          boardId: board.id,
          title: section.name,
          slug,
          position: await nextSectionPosition(trx, board.id),
          now,
        });
        await incrementSectionCount(trx, board.id, now);
        const pins = await lockPinsOfBoard(trx, board.id, section.initialPins);
        if (pins.length !== section.initialPins.length) {
          // Throwing inside the transaction rolls back the section and the counter too.
          const found = new Set(pins.map((pin) => pin.id));
          throw new AppError('SECTION_INITIAL_PINS_INVALID', {
            data: {
              field: 'initial_pins',
              pin_ids: section.initialPins.filter((pinId) => !found.has(pinId)),
            },
          });
        }
        await movePinsIntoSection(trx, id, pins, now);
        return id;
      });
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === 'board_sections_board_title_key') {
        throw new AppError('SECTION_NAME_TAKEN', { data: { field: 'name' } });
      }
      if (constraint === null || attempt >= SLUG_RACE_ATTEMPTS) throw error;
    }
  }
}

export async function createSection(
  deps: SavingDeps,
  viewerOrVisitor: Viewer | null,
  rawOptions: unknown,
): Promise<PickerSectionItem> {
  const viewer = requireViewer(viewerOrVisitor);
  const options = parseSavingInput(boardSectionCreateOptionsSchema, rawOptions, {
    location: 'options',
    nameCodes: SECTION_NAME_CODES,
  });
  await resolveActing(deps.db, viewer, options);
  const id = await insertSectionOnce(deps, viewer, {
    boardId: options.board_id,
    name: options.name,
    initialPins: options.initial_pins ?? [],
  });
  deps.log.debug({ section_id: id, name_source: options.name_source }, 'section created');
  const row = await findSectionItem(deps.db, id);
  if (!row) throw new AppError('SECTION_NOT_FOUND');
  return serializeSectionItem(deps.storage, row);
}

export async function getSection(
  deps: ServiceDeps,
  viewer: Viewer | null,
  rawOptions: unknown,
): Promise<PickerSectionItem> {
  const options = parseOptions(sectionGetOptionsSchema, rawOptions);
  if (viewer !== null) await resolveActing(deps.db, viewer, options);
  const visible = await deps.db
    .selectFrom('board_sections as s')
    .innerJoin('boards as b', 'b.id', 's.board_id')
    .select('s.id')
    .where('s.id', '=', options.section_id)
    .where(visibleBoards(viewer))
    .executeTakeFirst();
  const row = visible ? await findSectionItem(deps.db, visible.id) : undefined;
  if (!row) throw new AppError('SECTION_NOT_FOUND');
  return serializeSectionItem(deps.storage, row);
}
