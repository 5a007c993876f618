// Answer schemas shared by several modules (the shapes of @corkboard/shared/api-types). Each is
// typed against its TypeScript shape, so a schema that drifts from the type fails the typecheck,
// and outside production every answer is checked against it (http/serializer.ts).
import { z } from 'zod';
import type {
  Board,
  BoardSection,
  BoardSummary,
  FollowableUser,
  FollowListUser,
  ImageVariant,
  Pin,
  PinImages,
  UserSummary,
} from '@corkboard/shared/api-types';

export const imageVariantSchema: z.ZodType<ImageVariant> = z.object({
  url: z.string(),
  webp_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const pinImagesSchema: z.ZodType<PinImages> = z.object({
  '236x': imageVariantSchema,
  '474x': imageVariantSchema,
  '736x': imageVariantSchema,
  orig: imageVariantSchema,
});

export const boardPrivacySchema = z.enum(['public', 'secret', 'protected']);

export const userSummarySchema: z.ZodType<UserSummary> = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
});

export const followableUserSchema: z.ZodType<FollowableUser> = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
  followed_by_me: z.boolean(),
});

export const followListUserSchema: z.ZodType<FollowListUser> = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
  followed_by_me: z.boolean(),
  follower_count: z.number().int(),
});

export const boardSummarySchema: z.ZodType<BoardSummary> = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  privacy: boardPrivacySchema,
});

export const pinFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  domain: z.string().nullable(),
  dominant_color: z.string(),
  created_at: z.string(),
  images: pinImagesSchema,
  board: boardSummarySchema,
  section: z.object({ id: z.string(), title: z.string(), slug: z.string() }).nullable(),
  pinner: userSummarySchema,
  alt_text: z.string(),
  is_promoted: z.boolean().optional(),
  promoter: userSummarySchema.optional(),
  promoted_is_removable: z.boolean().optional(),
  tracking_params: z.string().optional(),
  earned_tracking_params: z.string().optional(),
};

export const pinSchema: z.ZodType<Pin> = z.object(pinFields);

const pixelRect = {
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
};

/** saving.md §3 Board fields added by issue 10 (BoardViewerFields). */
export const boardViewerFields = {
  followed_by_me: z.boolean(),
  archived_by_me_at: z.string().nullable(),
  board_order_modified_at: z.string().nullable(),
  cover_pin: z
    .object({
      id: z.string(),
      image: imageVariantSchema,
      size: z.object({ width: z.number().int(), height: z.number().int() }),
      crop: z.object(pixelRect),
    })
    .nullable(),
  layout: z.enum(['default', 'grid', 'thumbnail']),
  sensitivity_screen: z.object({
    reason: z.enum(['graphic', 'self_harm', 'adult']).nullable(),
    show_warning: z.boolean(),
  }),
  images_170x: z.array(imageVariantSchema),
};

export const boardFields = {
  ...boardViewerFields,
  id: z.string(),
  name: z.string(),
  url: z.string(),
  privacy: boardPrivacySchema,
  slug: z.string(),
  description: z.string(),
  owner: userSummarySchema,
  pin_count: z.number().int(),
  section_count: z.number().int(),
  follower_count: z.number().int(),
  collaborator_count: z.number().int(),
  cover_images: z.array(imageVariantSchema),
  created_at: z.string(),
};

export const boardSchema: z.ZodType<Board> = z.object(boardFields);

export const boardSectionSchema: z.ZodType<BoardSection> = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  pin_count: z.number().int(),
  preview_images: z.array(imageVariantSchema),
});
