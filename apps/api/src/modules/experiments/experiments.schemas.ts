// Input and answer schemas of the experiments routes (docs/decisions/120).
import { z } from 'zod';
import { usernameSchema } from '../../core/schemas.ts';

export const experimentsSchema = z.object({
  visitor_id: z.string(),
  groups: z.record(z.string(), z.string()),
});

/** POST /v3/experiments/exposures/: the experiments the page just decided something with. */
export const exposureBodySchema = z.object({
  experiments: z.array(z.string().min(1).max(100)).min(1).max(20),
});

export const exposureAnswerSchema = z.object({ groups: z.record(z.string(), z.string()) });

export const experimentParamsSchema = z.object({ name: z.string().min(1).max(100) });

export const overrideParamsSchema = experimentParamsSchema.extend({ username: usernameSchema });

export const exposureListQuerySchema = z.object({
  group: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(1).max(50).optional(),
  ),
});

const sourceSchema = z.enum(['query', 'config', 'override', 'allocation']);

export const adminExperimentSchema = z.object({
  name: z.string(),
  description: z.string(),
  groups: z.array(z.object({ name: z.string(), percent: z.number(), exposures: z.number() })),
  override_count: z.number(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});

export const adminOverrideSchema = z.object({
  username: z.string(),
  group: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
});

export const adminExposureSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  visitor: z.string().nullable(),
  group: z.string(),
  source: sourceSchema,
  exposed_at: z.string(),
});

export const experimentNameAnswer = z.object({ name: z.string() });
