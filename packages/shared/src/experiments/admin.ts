// The experiments admin's API shapes (GET/PUT /v3/admin/experiments/…; docs/decisions/120),
// shared by the routes and the admin page.
import { z } from 'zod';
import type { GroupSource } from './experiments.ts';

/** Not in the spec: overrides one experiment may hold (they are for testing, not rollouts). */
export const EXPERIMENT_OVERRIDES_MAX = 1000;

export interface AdminExperimentGroup {
  name: string;
  /** Share of buckets, 0–100 with two decimals at most. */
  percent: number;
  /** People exposed in this group so far (distinct subjects). */
  exposures: number;
}

export interface AdminExperiment {
  name: string;
  description: string;
  groups: AdminExperimentGroup[];
  override_count: number;
  updated_at: string;
  updated_by: string | null;
}

export interface AdminExperimentOverride {
  username: string;
  group: string;
  created_at: string;
  created_by: string | null;
}

export interface AdminExperimentExposure {
  id: string;
  /** The person's username, or null for a signed-out visitor. */
  username: string | null;
  /** A visitor id's first characters (enough to tell visitors apart, not to replay a cookie). */
  visitor: string | null;
  group: string;
  source: GroupSource;
  exposed_at: string;
}

const percentSchema = z
  .number()
  .min(0)
  .max(100)
  .refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'At most two decimals',
  );

export const experimentAllocationBodySchema = z.object({
  groups: z
    .array(z.object({ name: z.string().min(1).max(50), percent: percentSchema }))
    .min(1)
    .max(20),
});
export type ExperimentAllocationBody = z.input<typeof experimentAllocationBodySchema>;

export const experimentOverrideBodySchema = z.object({ group: z.string().min(1).max(50) });
