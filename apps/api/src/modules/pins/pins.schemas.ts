// Input and answer schemas of the pins module.
import { z } from 'zod';
import type { PinDetail } from '@corkboard/shared/api-types';
import type { SavedPin } from '@corkboard/shared/saving/api';
import { pinCreateOptionsSchema, repinCreateOptionsSchema } from '@corkboard/shared/saving/schemas';
import { followableUserSchema, pinFields, userSummarySchema } from '../../core/api.schemas.ts';
import { optionalIdSchema, requiredIdSchema } from '../../core/schemas.ts';

/** saving.md §7 "GET PinResource with id, field_set_key 'detailed', orbac_subject_id". */
export const pinGetOptionsSchema = z.object({
  id: requiredIdSchema,
  field_set_key: z.string().max(64).optional(),
  orbac_subject_id: optionalIdSchema,
});

/** PinResource update and delete (issue 10; the shared rules the edit dialog uses too). */
export { pinDeleteOptionsSchema, pinEditOptionsSchema } from '@corkboard/shared/saving/organise';
export const pinDeletedSchema = z.object({ id: z.string() });

/** PinResource create and RepinResource create: the shared rules the web forms use too. */
export { pinCreateOptionsSchema, repinCreateOptionsSchema };
export type PinCreateOptions = z.output<typeof pinCreateOptionsSchema>;
export type RepinCreateOptions = z.output<typeof repinCreateOptionsSchema>;

export const pinDetailSchema: z.ZodType<PinDetail> = z.object({
  ...pinFields,
  link_domain: z
    .object({ domain: z.string(), official_user: followableUserSchema.nullable() })
    .nullable(),
  board_access: z.array(z.enum(['read', 'write'])),
  aggregated_pin_data: z.object({ aggregated_stats: z.object({ saves: z.number() }) }).optional(),
  is_promoted: z.boolean(),
  promoted_is_removable: z.boolean(),
  via_pinner: userSummarySchema.nullable(),
  embed: z.object({ src: z.string(), type: z.enum(['youtube', 'vimeo']) }).nullable(),
});

export const savedPinSchema: z.ZodType<SavedPin> = z.object({
  ...pinFields,
  repin_of_id: z.string().nullable(),
  already_saved: z.object({ board_id: z.string(), board_name: z.string() }).nullable(),
  is_first_save: z.boolean(),
  reported_method: z.string(),
  is_promotable: z.boolean(),
});
