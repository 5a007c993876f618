// BoardSectionResource create and get (saving.md §2.7, §3 "Section create", §5, §7).
//
// Create: on a board the viewer can save to; the name is trimmed and required
// (SECTION_NAME_REQUIRED), at most 50 characters (SECTION_NAME_TOO_LONG), not a repeat of a
// section of the same board (SECTION_NAME_TAKEN); the slug is unique per board; `initial_pins`
// must all be pins of that same board (SECTION_INITIAL_PINS_INVALID) and are moved into the new
// section. Section, moves and every counter change in one transaction: a failure leaves nothing.
// insertFirstSections: a new board's first sections, inside the board's create transaction
// (docs/decisions/012).
import type { Kysely } from 'kysely';
import type { Database } from '@corkboard/db/schema';
import { AppError } from '@corkboard/shared/app-error';
import type { PickerSectionItem } from '@corkboard/shared/saving/api';
import { SECTION_SLUG_FALLBACK, slugify, uniqueSlug } from '@corkboard/shared/saving/board-name';
import { SECTION_PIN_IMPORT_MAX } from '@corkboard/shared/saving/schemas';
import { resolveActing } from '../business/acting.service.ts';
import type { AppDeps } from '../../core/app-deps.ts';
import { requireWritableBoard } from '../../core/board-access.ts';
import { SLUG_RACE_ATTEMPTS, uniqueViolation } from '../../core/db-errors.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { findSectionItem } from './section-items.repository.ts';
import type { SectionCreateOptions } from './sections.schemas.ts';
import { serializeSectionItem } from './sections.service.ts';
import {
  boardHasSectionTitled,
  incrementSectionCount,
  insertSection,
  lockPinsOfBoard,
  lockUnsectionedPinsOfBoard,
  movePinsIntoSection,
  nextSectionPosition,
  takenSectionSlugs,
} from './section-create.repository.ts';

interface NewSection {
  boardId: string;
  name: string;
  initialPins: readonly string[];
  /** Also move the board's pins that are in no section (pinImport, ADR 134). */
  pinImport: boolean;
}

async function insertSectionOnce(
  deps: AppDeps,
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
        if (section.pinImport) {
          const unsectioned = await lockUnsectionedPinsOfBoard(
            trx,
            board.id,
            SECTION_PIN_IMPORT_MAX + 1,
          );
          if (unsectioned.length > SECTION_PIN_IMPORT_MAX) {
            throw new AppError('SECTION_PIN_IMPORT_TOO_MANY', {
              data: { field: 'pinImport', max_pins: SECTION_PIN_IMPORT_MAX },
            });
          }
          const named = new Set(pins.map((pin) => pin.id));
          pins.push(...unsectioned.filter((pin) => !named.has(pin.id)));
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

/** BoardSectionResource create. */
export async function createSection(
  deps: AppDeps,
  viewer: Viewer,
  options: SectionCreateOptions,
): Promise<PickerSectionItem> {
  const acting = await resolveActing(deps, viewer, options);
  const id = await insertSectionOnce(deps, acting.subject, {
    boardId: options.board_id,
    name: options.name,
    initialPins: options.initial_pins ?? [],
    pinImport: options.pinImport,
  });
  deps.log.debug({ section_id: id, name_source: options.name_source }, 'section created');
  const row = await findSectionItem(deps.db, id);
  if (!row) throw new AppError('SECTION_NOT_FOUND');
  return serializeSectionItem(deps.storage, row);
}

/**
 * A new board's sections, in the order given (the schema already refused repeated names), inside
 * the caller's transaction (`trx`): BoardResource create with `section_names`.
 */
export async function insertFirstSections(
  trx: Kysely<Database>,
  boardId: string,
  names: readonly string[],
  now: Date,
): Promise<void> {
  const slugs: string[] = [];
  for (const [index, name] of names.entries()) {
    const slug = uniqueSlug(slugify(name, SECTION_SLUG_FALLBACK), slugs);
    slugs.push(slug);
    await insertSection(trx, { boardId, title: name, slug, position: index + 1, now });
    await incrementSectionCount(trx, boardId, now);
  }
}
