// Input and answer schemas of the follows module.
import { z } from 'zod';
import { AppError } from '@corkboard/shared/app-error';
import { userFollowOptionsSchema, type UserFollowData } from '@corkboard/shared/saving/api';
import {
  bulkFollowBodySchema,
  type BoardFollowData,
  type BulkFollowResult,
} from '@corkboard/shared/saving/organise';
import type { InputErrorMapper } from '../../core/http/input.ts';

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

export const boardFollowDataSchema: z.ZodType<BoardFollowData> = z.object({
  board_id: z.string(),
  followed_by_me: z.boolean(),
  follower_count: z.number().int(),
});

/** PUT /v3/users/follow/ (the shared rule the web client uses too). */
export { bulkFollowBodySchema };

export const bulkFollowResultSchema: z.ZodType<BulkFollowResult> = z.object({
  followee_ids: z.array(z.string()),
  following_count: z.number().int(),
});

/** An empty list or more than USER_FOLLOW_BULK_MAX people is USER_FOLLOW_BULK_INVALID. */
export const bulkFollowInputErrors: InputErrorMapper = (issues) =>
  issues.some(
    (issue) =>
      issue.path[0] === 'followee_ids' && (issue.code === 'too_small' || issue.code === 'too_big'),
  )
    ? new AppError('USER_FOLLOW_BULK_INVALID', { data: { field: 'followee_ids' } })
    : null;
