// The zod schemas of the experience platform (docs/decisions/081): the operators' definitions
// and the request context, for the server's edge. Kept apart from experiences.ts so the web's
// experience chunk does not carry zod.
import { z } from 'zod';
import {
  ANCHORS,
  DISPLAY_KINDS,
  isPlacementId,
  type Audience,
  type DisplayData,
} from './experiences.ts';

export const EXPERIENCE_NAME_MAX_LENGTH = 80;
export const DISPLAY_TITLE_MAX_LENGTH = 120;
export const DISPLAY_BODY_MAX_LENGTH = 500;
export const DISPLAY_BUTTON_MAX_LENGTH = 40;
/** Most countries, languages or context entries one audience rule may list. */
export const AUDIENCE_LIST_MAX = 50;
/** "New people": at most a year after sign-up. */
export const SIGNED_UP_WITHIN_DAYS_MAX = 365;

const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max).optional(),
  );

/**
 * A link an experience's button follows: a path on Corkboard (`/settings/`), never another site
 * (an experience must not become a way to send people anywhere without /offsite/).
 */
export const experienceLinkSchema = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]*$/, 'Must be a path on Corkboard');

export const displayDataSchema = z.object({
  kind: z.enum(DISPLAY_KINDS),
  anchor: z.enum(ANCHORS).default('none'),
  title: optionalText(DISPLAY_TITLE_MAX_LENGTH),
  body: optionalText(DISPLAY_BODY_MAX_LENGTH),
  button_text: optionalText(DISPLAY_BUTTON_MAX_LENGTH),
  link: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    experienceLinkSchema.optional(),
  ),
});
export type DisplayDataInput = z.input<typeof displayDataSchema>;

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'A two-letter country code')
  .transform((value) => value.toUpperCase());
const languageCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}$/, 'A language code such as en or es')
  .transform((value) => value.toLowerCase());
const contextKey = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/);
const contextValue = z.string().max(100);

/** Who an experience is for. Every rule given must hold; none given means everyone. */
export const audienceSchema = z.object({
  /** People who signed up at most this many days ago. */
  signed_up_within_days: z.number().int().min(1).max(SIGNED_UP_WITHIN_DAYS_MAX).optional(),
  /** The person's country (ISO 3166 alpha-2), when known. */
  countries: z.array(countryCode).max(AUDIENCE_LIST_MAX).optional(),
  /** The page's language (the request's `targeting.language`, else the person's locale). */
  languages: z.array(languageCode).max(AUDIENCE_LIST_MAX).optional(),
  /** Only when the request's extra_context has these values. */
  context: z
    .record(contextKey, contextValue)
    .refine((value) => Object.keys(value).length <= AUDIENCE_LIST_MAX, 'Too many entries')
    .optional(),
});

const optionalDate = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.iso.datetime({ offset: true }).optional(),
);
const optionalCap = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.number().int().min(1).max(1_000_000_000).optional(),
);

/** PUT/POST body of the admin's experience definitions. */
export const experienceDefinitionSchema = z.object({
  placement_id: z.number().int().refine(isPlacementId, 'Unknown placement'),
  name: z.string().trim().min(1).max(EXPERIENCE_NAME_MAX_LENGTH),
  /** Higher first when several experiences of a placement fit the person. */
  priority: z.number().int().min(-1000).max(1000).default(0),
  /** Shown only after PUT …/trigger/ for the person. */
  triggerable: z.boolean().default(false),
  display_data: displayDataSchema,
  audience: audienceSchema.default({}),
  starts_at: optionalDate,
  ends_at: optionalDate,
  /** business.md "caps": how often one person sees it, and how many people see it at all. */
  max_views_per_person: optionalCap,
  max_people: optionalCap,
});
export type ExperienceDefinitionInput = z.input<typeof experienceDefinitionSchema>;
export type ExperienceDefinition = z.output<typeof experienceDefinitionSchema>;

/** Request context: free-form facts about the page (`{ page: 'home' }`), matched by `context`. */
export const extraContextSchema = z
  .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()]))
  .refine((value) => Object.keys(value).length <= 20, 'At most 20 entries');

/** Request targeting facts the page knows and the server does not (its language). */
export const targetingSchema = z.object({
  language: z.string().max(10).optional(),
  platform: z.enum(['web', 'mweb']).optional(),
});

// The schemas' outputs are the shared shapes: typecheck fails if the two drift apart.
type Holds<T extends true> = T;
export type DisplayDataSchemaFits = Holds<
  z.output<typeof displayDataSchema> extends DisplayData ? true : false
>;
export type AudienceSchemaFits = Holds<
  z.output<typeof audienceSchema> extends Audience ? true : false
>;
