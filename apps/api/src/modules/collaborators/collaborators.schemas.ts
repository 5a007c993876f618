// Input and answer schemas of the collaborators module.
import { z } from 'zod';
import type {
  BoardInviteItem,
  CollaboratorInviteOutcome,
  CollaboratorInviteResult,
  EmailInvitePreview,
} from '@corkboard/shared/saving/api';
import {
  collaboratorInviteBodySchema,
  INVITE_TOKEN_MAX_LENGTH,
  inviteTokenBodySchema,
} from '@corkboard/shared/saving/api';
import type {
  BoardCollaboratorItem,
  CollaboratorRemovedData,
} from '@corkboard/shared/saving/organise';
import type { ShareSuggestionItem } from '@corkboard/shared/saving/share-suggestions';
import {
  boardPrivacySchema,
  imageVariantSchema,
  userSummarySchema,
} from '../../core/api.schemas.ts';
import { bodyOrEmpty, optionalIdSchema } from '../../core/schemas.ts';

export const inviteBodySchema = bodyOrEmpty(collaboratorInviteBodySchema);
export type CollaboratorInviteBody = z.output<typeof collaboratorInviteBodySchema>;
export const tokenBodySchema = bodyOrEmpty(inviteTokenBodySchema);
export const previewQuerySchema = z.object({
  token: z.string().min(1).max(INVITE_TOKEN_MAX_LENGTH),
});

/** Not in the spec: rows a suggestion list shows (a typeahead, not a directory). */
export const SHARE_SUGGESTIONS_MAX = 10;
/** Not in the spec: the longest query considered (longer than any name or address). */
export const SHARE_SUGGESTIONS_QUERY_MAX_LENGTH = 254;

export const shareSuggestionsOptionsSchema = z.object({
  query: z.string().max(SHARE_SUGGESTIONS_QUERY_MAX_LENGTH).optional(),
  /** The typeahead's name for the query. */
  term: z.string().max(SHARE_SUGGESTIONS_QUERY_MAX_LENGTH).optional(),
  /** Leave out people already on (or invited to) this board. */
  board_id: optionalIdSchema,
  page_size: z.coerce.number().int().min(1).max(SHARE_SUGGESTIONS_MAX).optional(),
});
export type ShareSuggestionsOptions = z.output<typeof shareSuggestionsOptionsSchema>;

export const inviteResultSchema: z.ZodType<CollaboratorInviteResult> = z.object({
  board_id: z.string(),
  users: z.array(z.object({ user: userSummarySchema, status: z.enum(['invited', 'accepted']) })),
  emails: z.array(z.object({ email: z.string(), status: z.enum(['sent', 'failed']) })),
});

export const inviteOutcomeSchema: z.ZodType<CollaboratorInviteOutcome> = z.object({
  board: z.object({ id: z.string(), name: z.string(), url: z.string() }),
  status: z.enum(['accepted', 'declined']),
});

export const boardInviteItemSchema: z.ZodType<BoardInviteItem> = z.object({
  board: z.object({
    id: z.string(),
    name: z.string(),
    url: z.string(),
    privacy: boardPrivacySchema,
    owner: userSummarySchema,
    pin_count: z.number().int(),
    cover_images: z.array(imageVariantSchema),
  }),
  invited_by: userSummarySchema,
  created_at: z.string(),
});

export const emailInvitePreviewSchema: z.ZodType<EmailInvitePreview> = z.object({
  board: z.object({ id: z.string(), name: z.string() }),
  invited_by: userSummarySchema,
  expires_at: z.string(),
  accepted: z.boolean(),
});

export const shareSuggestionItemSchema: z.ZodType<ShareSuggestionItem> = z.object({
  type: z.enum(['user', 'user_share_suggestion', 'email']),
  id: z.string(),
  full_name: z.string().optional(),
  username: z.string().optional(),
  title: z.string().optional(),
  image_medium_url: z.string().nullable().optional(),
  image_large_url: z.string().nullable().optional(),
  valid: z.boolean(),
});

/** Collaborators in board edit (ADR 125). */
export const boardCollaboratorItemSchema: z.ZodType<BoardCollaboratorItem> = z.object({
  user: userSummarySchema,
  status: z.enum(['invited', 'accepted']),
  created_at: z.string(),
  accepted_at: z.string().nullable(),
});

export const collaboratorRemovedSchema: z.ZodType<CollaboratorRemovedData> = z.object({
  board_id: z.string(),
  user_id: z.string(),
});
