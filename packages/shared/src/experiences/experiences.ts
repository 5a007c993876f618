// The experience platform (business.md §3 "Experience", §4.4, §7; docs/decisions/081): in-product
// experiences (tours, tooltips, banners, upsells) defined by operators, each shown in one
// placement of the product to an audience, between dates, up to caps. The server chooses which
// experience a person sees in a placement and keeps each person's status; the web shows it.

/**
 * Places in the product that can show an experience. The id is what the API speaks (the
 * `{placement}` of a placed experience id); the name is what code uses. New placements are
 * appended with a new id; an id is never reused.
 */
export const PLACEMENTS = {
  /** A dialog over the home feed: the first-run tour after sign-up. */
  home_takeover: { id: 1, description: 'A dialog over the home feed (the first-run tour).' },
  /** A banner at the top of the home feed. */
  home_banner: { id: 2, description: 'A banner at the top of the home feed.' },
  /** A tooltip shown when a person saves their first pin (triggered by the save). */
  save_tooltip: { id: 3, description: 'A tooltip after a save (triggered by the first save).' },
  /** The browser-extension upsell (saving.md; shown by the saving side). */
  extension_upsell: { id: 4, description: 'The browser-extension upsell.' },
  /** The Instagram claim upsell (saving.md; shown by the saving side). */
  instagram_upsell: { id: 5, description: 'The Instagram account upsell.' },
} as const;

export type PlacementName = keyof typeof PLACEMENTS;
export type PlacementId = (typeof PLACEMENTS)[PlacementName]['id'];

export const PLACEMENT_IDS: { readonly [Name in PlacementName]: (typeof PLACEMENTS)[Name]['id'] } =
  {
    home_takeover: PLACEMENTS.home_takeover.id,
    home_banner: PLACEMENTS.home_banner.id,
    save_tooltip: PLACEMENTS.save_tooltip.id,
    extension_upsell: PLACEMENTS.extension_upsell.id,
    instagram_upsell: PLACEMENTS.instagram_upsell.id,
  };

const PLACEMENT_BY_ID = new Map<number, PlacementName>(
  (Object.keys(PLACEMENTS) as PlacementName[]).map((name) => [PLACEMENTS[name].id, name]),
);

export function placementName(id: number): PlacementName | undefined {
  return PLACEMENT_BY_ID.get(id);
}

export function isPlacementId(id: number): id is PlacementId {
  return PLACEMENT_BY_ID.has(id);
}

export const ALL_PLACEMENT_IDS: readonly PlacementId[] = [...PLACEMENT_BY_ID.keys()].filter(
  isPlacementId,
);

/**
 * How the web draws an experience. `first_run_tour` is the welcome dialog with the topic picker
 * (its copy comes from the web's catalogue unless the definition gives some).
 */
export const DISPLAY_KINDS = ['first_run_tour', 'tooltip', 'banner', 'upsell'] as const;
export type DisplayKind = (typeof DISPLAY_KINDS)[number];

/**
 * business.md §3 "display_data.anchor": the element an experience is drawn against. `none` is a
 * dialog or a banner in its placement's own spot.
 */
export const ANCHORS = ['none', 'header_account', 'home_feed', 'pin_save_button'] as const;
export type Anchor = (typeof ANCHORS)[number];

/** The attribute the web puts on an anchor element: `data-experience-anchor="header_account"`. */
export const ANCHOR_ATTRIBUTE = 'data-experience-anchor';

/**
 * business.md §4.4: viewed, completed, dismissed and completed without homefeed; `triggered` is
 * the state of a triggerable experience after its trigger and before anyone saw it.
 */
export const EXPERIENCE_STATUSES = [
  'triggered',
  'viewed',
  'completed',
  'completed_without_homefeed',
  'dismissed',
] as const;
export type ExperienceStatus = (typeof EXPERIENCE_STATUSES)[number];
export const ENDED_STATUSES = ['completed', 'completed_without_homefeed', 'dismissed'] as const;
export type EndedStatus = (typeof ENDED_STATUSES)[number];

export function isEndedStatus(status: ExperienceStatus | null): status is EndedStatus {
  return (
    status === 'completed' || status === 'completed_without_homefeed' || status === 'dismissed'
  );
}

// ---- placed experience ids ('{placement}:{experience}') -------------------------------------

export interface PlacedExperienceId {
  placementId: PlacementId;
  experienceId: string;
}

const PLACED_ID = /^([1-9][0-9]{0,4}):([1-9][0-9]{0,17})$/;

export function formatPlacedId(placementId: number, experienceId: string): string {
  return `${placementId}:${experienceId}`;
}

/** `'3:17'` → { placementId: 3, experienceId: '17' }; undefined when malformed or unknown. */
export function parsePlacedId(value: string): PlacedExperienceId | undefined {
  const match = PLACED_ID.exec(value);
  if (!match?.[1] || !match[2]) return undefined;
  const placementId = Number(match[1]);
  if (!isPlacementId(placementId)) return undefined;
  return { placementId, experienceId: match[2] };
}

// ---- definitions (the admin side; their zod schemas are in schemas.ts) ----------------------

/** How an experience is drawn (the definition's `display_data`). */
export interface DisplayData {
  kind: DisplayKind;
  anchor: Anchor;
  title?: string | undefined;
  body?: string | undefined;
  button_text?: string | undefined;
  /** A path on Corkboard the button goes to. */
  link?: string | undefined;
}

/** Who an experience is for. Every rule given must hold; none given means everyone. */
export interface Audience {
  /** People who signed up at most this many days ago. */
  signed_up_within_days?: number | undefined;
  /** The person's country (ISO 3166 alpha-2), when known. */
  countries?: string[] | undefined;
  /** The page's language (the request's `targeting.language`, else the person's locale). */
  languages?: string[] | undefined;
  /** Only when the request's extra_context has these values. */
  context?: Record<string, string> | undefined;
}

/** An experience definition as the admin reads it. */
export interface AdminExperience {
  id: string;
  placement_id: number;
  placed_experience_id: string;
  name: string;
  priority: number;
  triggerable: boolean;
  display_data: DisplayData;
  audience: Audience;
  starts_at: string | null;
  ends_at: string | null;
  max_views_per_person: number | null;
  max_people: number | null;
  created_at: string;
  updated_at: string;
  /** How many people have a status for it, per status. */
  people_by_status: Partial<Record<ExperienceStatus, number>>;
}

// ---- what people get (the UserExperience resources) --------------------------------------

/** business.md §3 "Experience". */
export interface Experience {
  experience_id: string;
  placement_id: number;
  placed_experience_id: string;
  display_data: DisplayData;
  /** The context the experience was chosen with (echoed from the request). */
  extra_context: Record<string, string | number | boolean>;
  /** The audience rules the experience was chosen by. */
  targeting: Audience;
  /** Other experiences this page may trigger, as '{placement}:{experience}' ids. */
  triggerable_placed_exps: string[];
  metadata: {
    name: string;
    priority: number;
    triggerable: boolean;
    max_views_per_person: number | null;
    ends_at: string | null;
  };
  /** This person's status (null before the first view of an untriggered experience). */
  status: ExperienceStatus | null;
  view_count: number;
}

/**
 * UserExperienceResource get → data: the experience each asked placement shows (null for none),
 * by placement id, plus the triggerable experiences those placements hold for the person.
 */
export interface UserExperiencesAnswer {
  experiences: Record<string, Experience | null>;
  triggerable_placed_exps: string[];
}

/**
 * UserExperiencePlatformResource get → data: every placement's experience (or, with
 * `multiExperiencePlatform`, every fitting experience per placement, best first).
 */
export interface UserExperiencePlatformAnswer {
  experiences: Record<string, Experience[]>;
  triggerable_placed_exps: string[];
}

/** Viewed / completed / dismissed / trigger answers: the person's state afterwards. */
export interface ExperienceStateAnswer {
  placed_experience_id: string;
  status: ExperienceStatus;
  view_count: number;
}
