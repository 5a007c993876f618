// Topic input and answer schemas (docs/decisions/082).
import { z } from 'zod';
import {
  TOPICS,
  TOPICS_PER_PERSON_MAX,
  type ChosenTopics,
  type TopicSummary,
} from '@corkboard/shared/topics/topics';

export const topicSummarySchema: z.ZodType<TopicSummary> = z.object({
  id: z.enum(TOPICS),
  pin_count: z.number().int(),
});

export const chosenTopicsSchema: z.ZodType<ChosenTopics> = z.object({
  topics: z.array(z.enum(TOPICS)),
});

/** PUT /v3/users/me/topics/: the whole choice (an empty list clears it). */
export const chooseTopicsBodySchema = z.object({
  topics: z.array(z.enum(TOPICS)).max(TOPICS_PER_PERSON_MAX),
});
