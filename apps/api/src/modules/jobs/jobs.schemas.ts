// The jobs admin's input and answers (docs/decisions/139).
import { z } from 'zod';
import type { DeadJob } from '@corkboard/shared/jobs/api';

export const deadJobSchema: z.ZodType<DeadJob> = z.object({
  id: z.string(),
  queue: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  retry_count: z.number().int(),
  error: z.string().nullable(),
  accepted_at: z.string(),
  failed_at: z.string(),
});

export const deadJobParamsSchema = z.object({ id: z.uuid() });

export const deadJobDoneSchema = z.object({ id: z.string() });
