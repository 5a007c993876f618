// Answer schemas of the users module.
import { z } from 'zod';
import type { User } from '@corkboard/shared/api-types';
import type { UserSettingsData } from '@corkboard/shared/saving/api';

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
});

export const userSettingsSchema: z.ZodType<UserSettingsData> = z.object({
  connected_to_instagram: z.boolean(),
  listed_website_url: z.string().nullable(),
});
