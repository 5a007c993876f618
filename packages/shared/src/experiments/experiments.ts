// A small experiment service that the server and the web run alike. A person's group is a pure
// function of the experiment name and a stable id (user id, else visitor id), so both sides
// agree without a network call, and a page load never reshuffles anyone (ADR 005).

/** The group everyone is in when an experiment is unknown, has no id, or is switched off. */
export const CONTROL_GROUP = 'control';
/** Buckets per experiment; percentages are resolved to 0.01 % steps. */
export const BUCKET_COUNT = 10_000;

export interface ExperimentGroupDefinition {
  readonly name: string;
  /** Share of ids in this group, 0–100 (two decimals at most). Groups add up to 100. */
  readonly percent: number;
}

export interface ExperimentDefinition {
  readonly description: string;
  /** Order matters: buckets are handed out to the groups in this order. */
  readonly groups: readonly ExperimentGroupDefinition[];
}

export type ExperimentRegistry = Readonly<Record<string, ExperimentDefinition>>;

/**
 * Every experiment the product reads. A group other than `control` means "on". Changing a
 * group's percentage moves only the ids at the boundary; renaming an experiment reshuffles
 * everyone, because the name is part of the hash.
 */
export const EXPERIMENTS = {
  web_increased_min_password_length: {
    description:
      'auth.md §5: signup passwords need 8 characters instead of 6 in the enabled group.',
    groups: [
      { name: 'control', percent: 50 },
      { name: 'enabled', percent: 50 },
    ],
  },
  web_kr_privacy_consent_step: {
    description:
      'auth.md §4: signup goes through the Korea privacy consent step (kr_privacy_consent_opt_in). ' +
      'Applies only to visitors whose country is KR; fully on, kept as a kill switch (ADR 005).',
    groups: [
      { name: 'control', percent: 0 },
      { name: 'enabled', percent: 100 },
    ],
  },
  web_extension_upsell: {
    description:
      'saving.md §2.8: the browser-extension upsell may replace the create page success view ' +
      '(when supported, not installed and the nag limits allow; ADR 062). Fully on, kept as a kill switch.',
    groups: [
      { name: 'control', percent: 0 },
      { name: 'enabled', percent: 100 },
    ],
  },
  web_instagram_upsell: {
    description:
      'saving.md §2.8: the Instagram upsell may replace the create page success view after a ' +
      'save from Instagram (ADR 129). Fully on, kept as a kill switch.',
    groups: [
      { name: 'control', percent: 0 },
      { name: 'enabled', percent: 100 },
    ],
  },
  web_unauth_aggregate_save_counts: {
    description:
      'business.md §6: signed-out visitors see how often a pin was saved, over all its saves ' +
      '(ADR 122).',
    groups: [
      { name: 'control', percent: 50 },
      { name: 'enabled', percent: 50 },
    ],
  },
  web_hide_facebook_signup: {
    description:
      "auth.md §2: the sign-up view hides the first social provider's button ('Continue with " +
      "Facebook'); a Facebook log-in that finds no account says Facebook sign-up is closed (ADR 136).",
    groups: [
      { name: 'control', percent: 100 },
      { name: 'enabled', percent: 0 },
    ],
  },
  web_disabled_google_sign_in: {
    description:
      "auth.md §2: Google's own button is replaced by a plain 'Connect with Google' button " +
      '(ADR 136).',
    groups: [
      { name: 'control', percent: 100 },
      { name: 'enabled', percent: 0 },
    ],
  },
} as const satisfies ExperimentRegistry;

export type ExperimentName = keyof typeof EXPERIMENTS;

/** Experiment name → forced group. */
export type ExperimentOverrides = Readonly<Record<string, string>>;

/** The query parameter that forces groups outside production: `?exp=name:group,name2:group2`. */
export const EXPERIMENT_QUERY_PARAM = 'exp';

const OVERRIDE_TOKEN = /^[A-Za-z0-9_.-]+$/;
const utf8 = new TextEncoder();

/**
 * FNV-1a, 32 bit, over the UTF-8 bytes of `input`. Fast, tiny and identical in every JavaScript
 * engine, which is all bucketing needs; it is not for anything security-related.
 */
export function fnv1a32(input: string): number {
  let hash = 0x811c9dc5;
  for (const byte of utf8.encode(input)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * MurmurHash3's finaliser. FNV-1a alone leaves ids that differ only in their last characters
 * (`user-1`, `user-2`, …) clustered in the low bits that `% BUCKET_COUNT` keeps; mixing spreads
 * them evenly.
 */
function mix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The bucket, in [0, BUCKET_COUNT), of `id` for `experiment`. */
export function bucketOf(experiment: string, id: string): number {
  return mix32(fnv1a32(`${experiment}:${id}`)) % BUCKET_COUNT;
}

function hasGroup(definition: ExperimentDefinition, group: string): boolean {
  return definition.groups.some((candidate) => candidate.name === group);
}

/**
 * The group `id` is in for experiment `name`. Precedence: a valid override (unknown groups are
 * ignored), then the id's bucket. An unknown experiment, or no id, is `control`.
 */
export function resolveGroup(
  name: string,
  id: string | null | undefined,
  overrides: ExperimentOverrides = {},
  registry: ExperimentRegistry = EXPERIMENTS,
): string {
  if (!Object.hasOwn(registry, name)) return CONTROL_GROUP;
  const definition = registry[name];
  if (!definition) return CONTROL_GROUP;
  const forced = Object.hasOwn(overrides, name) ? overrides[name] : undefined;
  if (forced !== undefined && hasGroup(definition, forced)) return forced;
  if (!id) return CONTROL_GROUP;

  const bucket = bucketOf(name, id);
  let upperBound = 0;
  for (const group of definition.groups) {
    upperBound += Math.round(group.percent * 100);
    if (bucket < upperBound) return group.name;
  }
  // Only reachable when a definition's groups add up to less than 100 %.
  return CONTROL_GROUP;
}

/** True when `id` is in any group of `name` other than `control`. */
export function isEnabled(
  name: string,
  id: string | null | undefined,
  overrides: ExperimentOverrides = {},
  registry: ExperimentRegistry = EXPERIMENTS,
): boolean {
  return resolveGroup(name, id, overrides, registry) !== CONTROL_GROUP;
}

/** Every registered experiment's group for `id`, e.g. to hand to the web with the page. */
export function resolveAllGroups(
  id: string | null | undefined,
  overrides: ExperimentOverrides = {},
): Record<ExperimentName, string> {
  const groups = {} as Record<ExperimentName, string>;
  for (const name of Object.keys(EXPERIMENTS) as ExperimentName[]) {
    groups[name] = resolveGroup(name, id, overrides);
  }
  return groups;
}

/**
 * Forced groups from a URL query string (`?exp=a:enabled,b:control`, leading `?` optional,
 * several `exp` parameters allowed, the last mention of an experiment wins). Always empty in
 * production, so a shared link can never put real users into an arm.
 */
export function parseExperimentQuery(search: string, isProduction: boolean): ExperimentOverrides {
  if (isProduction) return {};
  const overrides: Record<string, string> = {};
  for (const value of new URLSearchParams(search).getAll(EXPERIMENT_QUERY_PARAM)) {
    for (const pair of value.split(',')) {
      const separator = pair.indexOf(':');
      if (separator < 0) continue;
      const name = pair.slice(0, separator).trim();
      const group = pair.slice(separator + 1).trim();
      if (OVERRIDE_TOKEN.test(name) && OVERRIDE_TOKEN.test(group)) overrides[name] = group;
    }
  }
  return overrides;
}

export interface BuildOverridesInput {
  /** Groups forced by server configuration (e.g. a kill switch). */
  readonly config?: ExperimentOverrides | undefined;
  /** The request's query string; read only when not in production. */
  readonly search?: string | undefined;
  readonly isProduction: boolean;
  readonly registry?: ExperimentRegistry | undefined;
}

/**
 * One override map for resolveGroup. `?exp=` beats the server config (a developer testing a
 * branch must be able to flip a configured experiment); entries naming an unknown experiment or
 * group are dropped here so a bad `?exp=` value falls back to the config, not to bucketing.
 */
export function buildOverrides(input: BuildOverridesInput): ExperimentOverrides {
  const registry: ExperimentRegistry = input.registry ?? EXPERIMENTS;
  const merged: Record<string, string> = {};
  const layers = [input.config ?? {}, parseExperimentQuery(input.search ?? '', input.isProduction)];
  for (const layer of layers) {
    for (const [name, group] of Object.entries(layer)) {
      const definition = Object.hasOwn(registry, name) ? registry[name] : undefined;
      if (definition && hasGroup(definition, group)) merged[name] = group;
    }
  }
  return merged;
}

/** Where a resolved group came from, strongest first (ADR 120). */
export type GroupSource = 'query' | 'config' | 'override' | 'allocation';

export interface ResolvedGroup {
  readonly group: string;
  readonly source: GroupSource;
}

export interface OverrideLayers {
  /** `?exp=` groups (already empty in production). */
  readonly query?: ExperimentOverrides | undefined;
  /** The server's EXPERIMENTS setting (a kill switch beats everything stored). */
  readonly config?: ExperimentOverrides | undefined;
  /** The operators' override for this one person. */
  readonly person?: ExperimentOverrides | undefined;
}

/**
 * The group of `id` in `name` and why: `?exp=`, then the server config, then a per-person
 * override, then the id's bucket. Layers naming a group the experiment lacks are skipped.
 */
export function resolveGroupWithSource(
  name: string,
  id: string | null | undefined,
  layers: OverrideLayers,
  registry: ExperimentRegistry,
): ResolvedGroup {
  const definition = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (!definition) return { group: CONTROL_GROUP, source: 'allocation' };
  const ordered: [GroupSource, ExperimentOverrides | undefined][] = [
    ['query', layers.query],
    ['config', layers.config],
    ['override', layers.person],
  ];
  for (const [source, layer] of ordered) {
    const forced = layer && Object.hasOwn(layer, name) ? layer[name] : undefined;
    if (forced !== undefined && hasGroup(definition, forced)) return { group: forced, source };
  }
  return { group: resolveGroup(name, id, {}, registry), source: 'allocation' };
}
