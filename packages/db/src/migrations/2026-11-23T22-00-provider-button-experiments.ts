// Frozen in time: never edit after it has shipped; add a new migration instead.
//
// The two provider-button experiments of issue 12 (auth.md §2 "Social buttons"; docs/decisions/
// 136), both off (everyone in `control`) until an operator turns them on in the experiments admin:
// - web_hide_facebook_signup: the sign-up view hides 'Continue with Facebook';
// - web_disabled_google_sign_in: Google's own button becomes a plain 'Connect with Google'.
import { sql, type Kysely } from 'kysely';

const SEED: readonly { name: string; description: string }[] = [
  {
    name: 'web_hide_facebook_signup',
    description:
      "auth.md §2: the sign-up view hides the first social provider's button ('Continue with Facebook').",
  },
  {
    name: 'web_disabled_google_sign_in',
    description:
      "auth.md §2: Google's own button is replaced by a plain 'Connect with Google' button.",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const experiment of SEED) {
    await sql`INSERT INTO experiments (name, description)
      VALUES (${experiment.name}, ${experiment.description})
      ON CONFLICT (name) DO NOTHING`.execute(db);
    for (const [position, [group, basisPoints]] of (
      [
        ['control', 10000],
        ['enabled', 0],
      ] as const
    ).entries()) {
      await sql`INSERT INTO experiment_groups (experiment, name, position, basis_points)
        VALUES (${experiment.name}, ${group}, ${position}, ${basisPoints})
        ON CONFLICT DO NOTHING`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DELETE FROM experiments
    WHERE name IN ('web_hide_facebook_signup', 'web_disabled_google_sign_in')`.execute(db);
}
