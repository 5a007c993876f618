// Pin creation queries. `db` may be a transaction.
import type { Kysely } from 'kysely';
import type { Database, ProductAvailability } from '@corkboard/db/schema';
import type { AlreadySaved } from '@corkboard/shared/saving/api';
import { writableBoards } from '../../core/board-access.repository.ts';
import { pinListQuery, type PinListRow } from '../../core/pin-list.repository.ts';

/**
 * The viewer's most recent save of this image on a board they can still save to, or null
 * (saving.md §2.8 'Psst! You already saved this Pin to {board_name}.'). A repin shares its
 * source's image, so "same pin" and "same image" are the one check.
 */
export async function findAlreadySaved(
  db: Kysely<Database>,
  viewerId: string,
  imageId: string,
): Promise<AlreadySaved | null> {
  const row = await db
    .selectFrom('pins as p')
    .innerJoin('boards as b', 'b.id', 'p.board_id')
    .select(['b.id as board_id', 'b.name as board_name'])
    .where('p.pinner_id', '=', viewerId)
    .where('p.image_id', '=', imageId)
    .where(writableBoards(viewerId))
    .orderBy('p.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export interface NewPinValues {
  pinnerId: string;
  boardId: string;
  sectionId: string | null;
  imageId: string;
  title: string;
  description: string;
  link: string | null;
  domain: string | null;
  dominantColor: string;
  repinOfId: string | null;
  now: Date;
}

/** Inserts the pin and moves every counter it affects; answers the id and whether it is the first. */
export async function insertPinWithCounters(
  db: Kysely<Database>,
  values: NewPinValues,
): Promise<{ id: string; isFirstSave: boolean }> {
  const pin = await db
    .insertInto('pins')
    .values({
      pinner_id: values.pinnerId,
      board_id: values.boardId,
      section_id: values.sectionId,
      image_id: values.imageId,
      title: values.title,
      description: values.description,
      link: values.link,
      domain: values.domain,
      dominant_color: values.dominantColor,
      repin_of_id: values.repinOfId,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('boards')
    .set((eb) => ({ pin_count: eb('pin_count', '+', 1), updated_at: values.now }))
    .where('id', '=', values.boardId)
    .execute();
  if (values.sectionId !== null) {
    await db
      .updateTable('board_sections')
      .set((eb) => ({ pin_count: eb('pin_count', '+', 1) }))
      .where('id', '=', values.sectionId)
      .execute();
  }
  const pinner = await db
    .updateTable('users')
    .set((eb) => ({ pin_count: eb('pin_count', '+', 1) }))
    .where('id', '=', values.pinnerId)
    .returning('pin_count')
    .executeTakeFirstOrThrow();
  return { id: pin.id, isFirstSave: pinner.pin_count === 1 };
}

/** The pin just saved, as pin lists read it. */
export async function findSavedPin(
  db: Kysely<Database>,
  pinId: string,
): Promise<PinListRow | undefined> {
  return pinListQuery(db).where('p.id', '=', pinId).executeTakeFirst();
}

/** The pin's product offer from its page (a buyable pin; docs/decisions/074). */
export async function insertPinProduct(
  db: Kysely<Database>,
  pinId: string,
  product: { price: string; currency: string; availability: ProductAvailability },
  now: Date,
): Promise<void> {
  await db
    .insertInto('pin_products')
    .values({ pin_id: pinId, ...product, captured_at: now })
    .execute();
}

/** A repin of a buyable pin to the same link carries the same offer. */
export async function copyPinProduct(
  db: Kysely<Database>,
  fromPinId: string,
  toPinId: string,
): Promise<void> {
  await db
    .insertInto('pin_products')
    .columns(['pin_id', 'price', 'currency', 'availability', 'captured_at'])
    .expression(
      db
        .selectFrom('pin_products')
        .select((eb) => [
          eb.val(toPinId).as('pin_id'),
          'price',
          'currency',
          'availability',
          'captured_at',
        ])
        .where('pin_id', '=', fromPinId),
    )
    .execute();
}
