// Input and answer schemas of the organise module (the option schemas are shared with the web).
import { AppError } from '@corkboard/shared/app-error';
import type { BulkEditResult } from '@corkboard/shared/saving/organise';
import { z } from 'zod';
import type { InputErrorMapper } from '../../core/http/input.ts';

export {
  boardSectionEditOptionsSchema,
  boardSectionPinsDeleteOptionsSchema,
  bulkDeleteOptionsSchema,
  bulkEditOptionsSchema,
  bulkEditSelectAllOptionsSchema,
} from '@corkboard/shared/saving/organise';

export const bulkEditResultSchema: z.ZodType<BulkEditResult> = z.object({
  pin_ids: z.array(z.string()),
  count: z.number().int(),
  target: z.object({ board_id: z.string(), section_id: z.string().nullable() }).nullable(),
});

/** More pins than PIN_BULK_MAX listed is PIN_MOVE_TOO_MANY; other bad input VALIDATION_FAILED. */
export const bulkInputErrors: InputErrorMapper = (issues) =>
  issues.some(
    (issue) =>
      (issue.path[0] === 'pin_ids' || issue.path[0] === 'pins') && issue.code === 'too_big',
  )
    ? new AppError('PIN_MOVE_TOO_MANY')
    : null;
