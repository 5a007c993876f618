// Admin answers (docs/decisions/019).
import { z } from 'zod';
import type { AdminOverview } from '@corkboard/shared/admin/api';
import { usernameSchema } from '../../core/schemas.ts';

export const adminOverviewSchema: z.ZodType<AdminOverview> = z.object({
  people: z.number().int(),
  people_last_7_days: z.number().int(),
  pins: z.number().int(),
  pins_last_7_days: z.number().int(),
  boards: z.number().int(),
  secret_boards: z.number().int(),
  images: z.number().int(),
  operators: z.number().int(),
  mail_delivery: z.enum(['smtp', 'dev_mailbox']),
  production: z.boolean(),
});

export const operatorParamsSchema = z.object({ username: usernameSchema });
