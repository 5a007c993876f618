// Answer schemas of the users module.
import { z } from 'zod';
import type { User } from '@corkboard/shared/api-types';
import type { SaveBehaviorUser, UserSettingsData } from '@corkboard/shared/saving/api';
import { PROFILE_BOARD_SORTS } from '@corkboard/shared/saving/organise';
import { pageQuerySchema } from '../../core/schemas.ts';

export const userSchema: z.ZodType<User> = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  about: z.string(),
  account_type: z.enum(['personal', 'business']),
  country: z.string().nullable(),
  locale: z.string(),
  board_count: z.number().int(),
  pin_count: z.number().int(),
  follower_count: z.number().int(),
  following_count: z.number().int(),
  created_at: z.string(),
  followed_by_me: z.boolean(),
  board_sort: z.enum(PROFILE_BOARD_SORTS),
  board_order_modified_at: z.string().nullable(),
});

/** GET /v3/users/{username}/boards/ query: the page, a sort other than the person's, archived. */
export const profileBoardsQuerySchema = pageQuerySchema.extend({
  sort: z.enum(PROFILE_BOARD_SORTS).optional(),
  archived: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const userSettingsSchema: z.ZodType<UserSettingsData> = z.object({
  connected_to_instagram: z.boolean(),
  listed_website_url: z.string().nullable(),
  instagram_site_domains: z.array(z.string()),
});

export const saveBehaviorUserSchema: z.ZodType<SaveBehaviorUser> = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  image_medium_url: z.string().nullable(),
  followed_by_me: z.boolean(),
  is_auth: z.boolean(),
  is_partner: z.boolean(),
  created_at: z.string(),
  pin_count: z.number().int(),
  next_save_is_first: z.boolean().nullable(),
});
