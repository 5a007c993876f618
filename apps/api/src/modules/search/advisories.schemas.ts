// Search advisory entries as operators send them (business.md §3 "Search advisory", "Text tag";
// docs/decisions/073). Everything is checked here, at the edge: a tag must lie inside its text
// and not overlap another, a link tag needs a safe link and a bold one none, every link is
// http(s) or a path on our site, a phone-support notice has a number. Any failure is
// SEARCH_ADVISORY_INVALID with the usual field list.
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import {
  ADVISORY_LIMITS,
  ADVISORY_MATCH_KINDS,
  ADVISORY_NOTICE_STYLES,
  ADVISORY_PHONE_PATTERN,
  ADVISORY_TAG_TYPES,
  ADVISORY_TYPE_MAX,
  foldAdvisoryText,
  isSafeAdvisoryLink,
  type AdminSearchAdvisory,
  type AdvisorySeverity,
  type SearchAdvisory,
} from '@corkboard/shared/search/advisories';
import type { InputErrorMapper } from '../../core/http/input.ts';
import { idSchema, pageQuerySchema } from '../../core/schemas.ts';

const LINK_MESSAGE = 'Links must be http(s) addresses or paths on this site';

const linkSchema = z
  .string()
  .trim()
  .min(1)
  .max(ADVISORY_LIMITS.link)
  .refine(isSafeAdvisoryLink, LINK_MESSAGE);

const textTagSchema = z.object({
  offset: z.number().int().min(0),
  length: z.number().int().min(1),
  tagType: z.enum(ADVISORY_TAG_TYPES),
  link: linkSchema.nullish().transform((value) => value ?? null),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const noticeSchema = z
  .object({
    style: z.enum(ADVISORY_NOTICE_STYLES),
    title: z.string().trim().min(1).max(ADVISORY_LIMITS.title),
    description: z.object({
      // Not trimmed: tag offsets count from the text as sent.
      text: z.string().min(1).max(ADVISORY_LIMITS.text),
      text_tags: z.array(textTagSchema).max(ADVISORY_LIMITS.tags).default([]),
    }),
    actions: z
      .array(
        z.object({
          button_text: z.string().trim().min(1).max(ADVISORY_LIMITS.buttonText),
          link: linkSchema,
        }),
      )
      .max(ADVISORY_LIMITS.actions)
      .default([]),
    footer: optionalText(ADVISORY_LIMITS.footer),
    phone_number: optionalText(ADVISORY_LIMITS.phoneNumber),
  })
  .superRefine((notice, ctx) => {
    const { text, text_tags: tags } = notice.description;
    const sorted = tags
      .map((tag, index) => ({ tag, index }))
      .sort((a, b) => a.tag.offset - b.tag.offset);
    let end = 0;
    for (const { tag, index } of sorted) {
      const path = ['description', 'text_tags', index];
      if (tag.offset + tag.length > text.length) {
        ctx.addIssue({ code: 'custom', path, message: 'The tag runs past the end of the text' });
      } else if (tag.offset < end) {
        ctx.addIssue({ code: 'custom', path, message: 'The tag overlaps another tag' });
      }
      end = Math.max(end, tag.offset + tag.length);
      if (tag.tagType === 'link' && tag.link === null) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'link'],
          message: 'A link tag needs a link',
        });
      }
      if (tag.tagType === 'bold' && tag.link !== null) {
        ctx.addIssue({
          code: 'custom',
          path: [...path, 'link'],
          message: 'A bold tag has no link',
        });
      }
    }
    if (notice.style === 'phone_support' && notice.phone_number === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['phone_number'],
        message: 'A phone-support notice needs a phone number',
      });
    }
    if (notice.phone_number !== null && !ADVISORY_PHONE_PATTERN.test(notice.phone_number)) {
      ctx.addIssue({ code: 'custom', path: ['phone_number'], message: 'Not a phone number' });
    }
  });

export const advisoryInputSchema = z
  .object({
    match_kind: z.enum(ADVISORY_MATCH_KINDS),
    match_text: z.string().trim().min(1).max(ADVISORY_LIMITS.matchText),
    advisory: z.string().trim().min(1).max(ADVISORY_LIMITS.advisory),
    severity: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    advisory_type: z.number().int().min(0).max(ADVISORY_TYPE_MAX),
    resource_country: z
      .string()
      .trim()
      .nullish()
      .transform((value) => (value ? value.toUpperCase() : null))
      .pipe(
        z
          .string()
          .regex(/^[A-Z]{2}$/, 'A two-letter country code')
          .nullable(),
      ),
    notices: z.array(noticeSchema).min(1).max(ADVISORY_LIMITS.notices),
  })
  .superRefine((input, ctx) => {
    const folded = foldAdvisoryText(input.match_text);
    // A pattern must say something besides `*`: `*` alone would advise every search.
    if (folded.replace(/\*/g, '').trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['match_text'],
        message: 'Needs at least one letter or digit besides *',
      });
    }
    if (input.match_kind === 'term' && folded.includes('*')) {
      ctx.addIssue({
        code: 'custom',
        path: ['match_text'],
        message: 'A term is matched whole; use a pattern for *',
      });
    }
  });

export type AdvisoryInput = z.output<typeof advisoryInputSchema>;

export const advisoryParamsSchema = z.object({ id: idSchema });

export const advisoryListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(ADVISORY_LIMITS.matchText).optional(),
});

/** Body problems answer SEARCH_ADVISORY_INVALID with the usual field list. */
export const advisoryInputErrors: InputErrorMapper = (issues, location) => {
  if (location !== 'body') return null;
  return new AppError('SEARCH_ADVISORY_INVALID', {
    data: {
      location,
      fields: issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        code: issue.code,
        message: issue.message,
      })),
    },
  });
};

const severitySchema: z.ZodType<AdvisorySeverity> = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
]);

const noticeAnswerSchema = z.object({
  style: z.enum(ADVISORY_NOTICE_STYLES),
  title: z.string(),
  description: z.object({
    text: z.string(),
    text_tags: z.array(
      z.object({
        offset: z.number().int(),
        length: z.number().int(),
        tagType: z.enum(ADVISORY_TAG_TYPES),
        link: z.string().nullable(),
      }),
    ),
  }),
  actions: z.array(z.object({ button_text: z.string(), link: z.string() })),
  footer: z.string().nullable(),
  phone_number: z.string().nullable(),
});

const advisoryAnswerFields = {
  id: z.string(),
  advisory: z.string(),
  severity: severitySchema,
  advisory_type: z.number().int(),
  resource_country: z.string().nullable(),
  notices: z.array(noticeAnswerSchema),
};

export const searchAdvisorySchema: z.ZodType<SearchAdvisory> = z.object(advisoryAnswerFields);

export const adminSearchAdvisorySchema: z.ZodType<AdminSearchAdvisory> = z.object({
  ...advisoryAnswerFields,
  match_kind: z.enum(ADVISORY_MATCH_KINDS),
  match_text: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
