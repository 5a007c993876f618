// Topics (docs/decisions/082): the list the first-run tour offers (topics with pins anyone may
// see), and each person's choice, which the home feed reads (feeds.service.ts).
import {
  isTopic,
  TOPICS,
  type ChosenTopics,
  type Topic,
  type TopicSummary,
} from '@corkboard/shared/topics/topics';
import type { Expression, SqlBool } from 'kysely';
import type { AppDeps } from '../../core/app-deps.ts';
import type { Viewer } from '../../plugins/app/viewer.ts';
import {
  chosenTopicsOf,
  countDiscoverablePinsByTopic,
  findChosenTopics,
  pinInTopics,
  replaceChosenTopics,
} from './topics.repository.ts';

/**
 * For the home feed's query: "the pin `pinAlias` is in one of the topics `userId` picked" (false
 * when they picked none). The rule of what is in a topic stays here.
 */
export function pinInChosenTopics(pinAlias: string, userId: string): Expression<SqlBool> {
  return pinInTopics(pinAlias, chosenTopicsOf(userId));
}

/** Topics that have pins on public boards, in the shared list's order (at most TOPICS.length). */
export async function listTopics(deps: Pick<AppDeps, 'db'>): Promise<TopicSummary[]> {
  const counts = new Map(
    (await countDiscoverablePinsByTopic(deps.db)).map((row) => [row.topic, Number(row.pins)]),
  );
  return TOPICS.filter((topic) => (counts.get(topic) ?? 0) > 0).map((topic) => ({
    id: topic,
    pin_count: counts.get(topic) ?? 0,
  }));
}

export async function chosenTopics(
  deps: Pick<AppDeps, 'db'>,
  viewer: Viewer,
): Promise<ChosenTopics> {
  const stored = await findChosenTopics(deps.db, viewer.id);
  return { topics: stored.filter(isTopic) };
}

/** Replaces the person's topics (the edge has checked each id and the count). */
export async function chooseTopics(
  deps: Pick<AppDeps, 'db' | 'now' | 'log'>,
  viewer: Viewer,
  topics: readonly Topic[],
): Promise<ChosenTopics> {
  const unique = [...new Set(topics)].sort();
  await deps.db.transaction().execute(async (trx) => {
    await replaceChosenTopics(trx, viewer.id, unique, deps.now());
  });
  deps.log.info({ user: viewer.id, topics: unique.length }, 'topics: chosen');
  return { topics: unique };
}
