// Experience input and answer schemas (business.md §3 "Experience", §7; docs/decisions/081).
import { z } from 'zod';
import { extraContextSchema, targetingSchema } from '@corkboard/shared/experiences/schemas';
import {
  ALL_PLACEMENT_IDS,
  ANCHORS,
  DISPLAY_KINDS,
  EXPERIENCE_STATUSES,
  isPlacementId,
  type AdminExperience,
  type Experience,
  type ExperienceStateAnswer,
  type UserExperiencePlatformAnswer,
  type UserExperiencesAnswer,
} from '@corkboard/shared/experiences/experiences';

const placementIdSchema = z.coerce
  .number()
  .int()
  .refine((value) => isPlacementId(value), 'Unknown placement');

/** `'{placement}:{experience}'`; the service checks its shape (EXPERIENCE_ID_INVALID). */
const placedIdSchema = z.string().min(1).max(40);

const contextFields = {
  extra_context: extraContextSchema.default({}),
  targeting: targetingSchema.default({}),
};

/** UserExperienceResource get (business.md §7: placement_ids, extra_context, targeting). */
export const userExperienceGetSchema = z.object({
  placement_ids: z.array(placementIdSchema).min(1).max(ALL_PLACEMENT_IDS.length),
  ...contextFields,
});

/** UserExperiencePlatformResource get (extra_context, targeting, optionally multiExperiencePlatform). */
export const userExperiencePlatformGetSchema = z.object({
  placement_ids: z.array(placementIdSchema).min(1).max(ALL_PLACEMENT_IDS.length).optional(),
  multiExperiencePlatform: z.boolean().default(false),
  ...contextFields,
});

export const placedOptionsSchema = z.object({ placed_experience_id: placedIdSchema });

export const viewedOptionsSchema = placedOptionsSchema.extend(contextFields);

export const completedOptionsSchema = placedOptionsSchema.extend({
  /** business.md §4.4 "completed without homefeed". */
  without_homefeed: z.boolean().default(false),
});

export const triggerParamsSchema = z.object({ placed: placedIdSchema });
export const triggerBodySchema = z.object({ extra_context: extraContextSchema.default({}) });

const displayDataAnswer = z.object({
  kind: z.enum(DISPLAY_KINDS),
  anchor: z.enum(ANCHORS),
  title: z.string().optional(),
  body: z.string().optional(),
  button_text: z.string().optional(),
  link: z.string().optional(),
});

const audienceAnswer = z.object({
  signed_up_within_days: z.number().int().optional(),
  countries: z.array(z.string()).optional(),
  languages: z.array(z.string()).optional(),
  context: z.record(z.string(), z.string()).optional(),
});

const statusAnswer = z.enum(EXPERIENCE_STATUSES);

export const experienceSchema: z.ZodType<Experience> = z.object({
  experience_id: z.string(),
  placement_id: z.number().int(),
  placed_experience_id: z.string(),
  display_data: displayDataAnswer,
  extra_context: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  targeting: audienceAnswer,
  triggerable_placed_exps: z.array(z.string()),
  metadata: z.object({
    name: z.string(),
    priority: z.number().int(),
    triggerable: z.boolean(),
    max_views_per_person: z.number().int().nullable(),
    ends_at: z.string().nullable(),
  }),
  status: statusAnswer.nullable(),
  view_count: z.number().int(),
});

export const userExperiencesAnswerSchema: z.ZodType<UserExperiencesAnswer> = z.object({
  experiences: z.record(z.string(), experienceSchema.nullable()),
  triggerable_placed_exps: z.array(z.string()),
});

export const platformAnswerSchema: z.ZodType<UserExperiencePlatformAnswer> = z.object({
  experiences: z.record(z.string(), z.array(experienceSchema)),
  triggerable_placed_exps: z.array(z.string()),
});

export const stateAnswerSchema: z.ZodType<ExperienceStateAnswer> = z.object({
  placed_experience_id: z.string(),
  status: statusAnswer,
  view_count: z.number().int(),
});

export const adminExperienceSchema: z.ZodType<AdminExperience> = z.object({
  id: z.string(),
  placement_id: z.number().int(),
  placed_experience_id: z.string(),
  name: z.string(),
  priority: z.number().int(),
  triggerable: z.boolean(),
  display_data: displayDataAnswer,
  audience: audienceAnswer,
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_views_per_person: z.number().int().nullable(),
  max_people: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  people_by_status: z.partialRecord(statusAnswer, z.number().int()),
});

export const experienceIdParamsSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'Not an experience id'),
});
