// Input and answer schemas of the follows module.
import { z } from 'zod';
import { userFollowOptionsSchema, type UserFollowData } from '@corkboard/shared/saving/api';

/** UserFollowResource create/delete (the shared rule the web client uses too). */
export { userFollowOptionsSchema };
export type UserFollowOptions = z.output<typeof userFollowOptionsSchema>;

export const userFollowDataSchema: z.ZodType<UserFollowData> = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image_medium_url: z.string().nullable(),
  followed_by_me: z.boolean(),
  follower_count: z.number().int(),
});
