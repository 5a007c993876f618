// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// Experiments admin (issue 12; docs/decisions/120):
// - experiments / experiment_groups: every experiment the product reads and its groups with their
//   share of buckets (basis points, 10 000 = 100 %), handed out in `position` order. Seeded with
//   the defaults that lived in code until now (packages/shared experiments.ts), so nobody moves.
// - experiment_overrides: an operator puts one person into a group, whatever their bucket.
// - experiment_exposures: the first time a subject (a person, else a visitor id) met a group
//   while the product decided something with it; one row per experiment, subject and group.
import { sql, type Kysely } from 'kysely';

const SEED: readonly { name: string; description: string; groups: [string, number][] }[] = [
  {
    name: 'web_increased_min_password_length',
    description:
      'auth.md §5: signup passwords need 8 characters instead of 6 in the enabled group.',
    groups: [
      ['control', 5000],
      ['enabled', 5000],
    ],
  },
  {
    name: 'web_kr_privacy_consent_step',
    description:
      'auth.md §4: signup goes through the Korea privacy consent step (visitors whose country is KR).',
    groups: [
      ['control', 0],
      ['enabled', 10000],
    ],
  },
  {
    name: 'web_extension_upsell',
    description:
      'saving.md §2.8: the browser-extension upsell may replace the create page success view.',
    groups: [
      ['control', 0],
      ['enabled', 10000],
    ],
  },
  {
    name: 'web_unauth_aggregate_save_counts',
    description:
      'business.md §6: signed-out visitors see how often a pin was saved, over all its saves.',
    groups: [
      ['control', 5000],
      ['enabled', 5000],
    ],
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE experiments (
    name text PRIMARY KEY CHECK (name ~ '^[a-z0-9_]{1,100}$'),
    description text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
    updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);

  await sql`CREATE TABLE experiment_groups (
    experiment text NOT NULL REFERENCES experiments (name) ON DELETE CASCADE,
    name text NOT NULL CHECK (name ~ '^[A-Za-z0-9_.-]{1,50}$'),
    position smallint NOT NULL CHECK (position >= 0),
    basis_points integer NOT NULL CHECK (basis_points BETWEEN 0 AND 10000),
    PRIMARY KEY (experiment, name),
    UNIQUE (experiment, position)
  )`.execute(db);

  await sql`CREATE TABLE experiment_overrides (
    experiment text NOT NULL REFERENCES experiments (name) ON DELETE CASCADE,
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    group_name text NOT NULL,
    created_by bigint REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (experiment, user_id),
    FOREIGN KEY (experiment, group_name) REFERENCES experiment_groups (experiment, name)
      ON DELETE CASCADE
  )`.execute(db);

  await sql`CREATE TABLE experiment_exposures (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    experiment text NOT NULL REFERENCES experiments (name) ON DELETE CASCADE,
    subject text NOT NULL CHECK (length(subject) <= 64),
    user_id bigint REFERENCES users (id) ON DELETE CASCADE,
    group_name text NOT NULL,
    source text NOT NULL CHECK (source IN ('allocation', 'override', 'config', 'query')),
    exposed_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (experiment, subject, group_name)
  )`.execute(db);
  // The admin log lists one experiment's exposures, newest first.
  await sql`CREATE INDEX experiment_exposures_list_idx ON experiment_exposures (experiment, id DESC)`.execute(
    db,
  );

  for (const experiment of SEED) {
    await sql`INSERT INTO experiments (name, description)
      VALUES (${experiment.name}, ${experiment.description})`.execute(db);
    for (const [position, [name, basisPoints]] of experiment.groups.entries()) {
      await sql`INSERT INTO experiment_groups (experiment, name, position, basis_points)
        VALUES (${experiment.name}, ${name}, ${position}, ${basisPoints})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE experiment_exposures`.execute(db);
  await sql`DROP TABLE experiment_overrides`.execute(db);
  await sql`DROP TABLE experiment_groups`.execute(db);
  await sql`DROP TABLE experiments`.execute(db);
}
