// Input and answer schemas of the sections module.
import { z } from 'zod';
import type { PickerSectionItem } from '@corkboard/shared/saving/api';
import { boardSectionCreateOptionsSchema } from '@corkboard/shared/saving/schemas';
import { optionalIdSchema, pageOptionFields, requiredIdSchema } from '../../core/schemas.ts';

/** BoardSectionResource get. */
export const sectionGetOptionsSchema = z.object({
  section_id: requiredIdSchema,
  field_set_key: z.string().max(64).optional(),
  orbac_subject_id: optionalIdSchema,
});
export type SectionGetOptions = z.output<typeof sectionGetOptionsSchema>;

/** BoardSectionsRepinResource get. */
export const sectionPickerOptionsSchema = z.object({
  board_id: requiredIdSchema,
  orbac_subject_id: optionalIdSchema,
  ...pageOptionFields,
});
export type SectionPickerOptions = z.output<typeof sectionPickerOptionsSchema>;

/** BoardSectionResource create (the shared rule the web form uses too). */
export const sectionCreateOptionsSchema = boardSectionCreateOptionsSchema;
export type SectionCreateOptions = z.output<typeof sectionCreateOptionsSchema>;

export const pickerSectionItemSchema: z.ZodType<PickerSectionItem> = z.object({
  id: z.string(),
  board_id: z.string(),
  title: z.string(),
  slug: z.string(),
  pin_count: z.number().int(),
  preview_pins: z.array(
    z.object({
      image_square_url: z.string(),
      image_square_size_pixels: z.object({ width: z.number().int(), height: z.number().int() }),
    }),
  ),
});

/** BoardSectionResource update and delete, and the section reorder (ADR 059; shared with the web). */
export {
  sectionDeleteOptionsSchema,
  sectionEditOptionsSchema,
  sectionOrderBodySchema,
} from '@corkboard/shared/saving/organise';

export const sectionDeletedSchema = z.object({
  section_id: z.string(),
  pins_kept: z.number().int(),
});
export const sectionOrderSchema = z.object({ section_ids: z.array(z.string()) });
