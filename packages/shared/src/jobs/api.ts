// The jobs admin's answers (docs/decisions/139), shared by the API and the web.

/** GET /v3/admin/jobs/: a background job that failed its last retry (a dead letter). */
export interface DeadJob {
  /** The dead letter's id (a UUID); retry and delete name it. */
  id: string;
  /** The job's queue: image-intake, media-gc, … */
  queue: string;
  /** What the job was given, as queued. */
  data: Record<string, unknown> | null;
  /** Retries it used before it was given up. */
  retry_count: number;
  /** The last run's error message, when there was one. */
  error: string | null;
  /** When the job was first accepted (ISO 8601). */
  accepted_at: string;
  /** When it was given up (ISO 8601). */
  failed_at: string;
}
