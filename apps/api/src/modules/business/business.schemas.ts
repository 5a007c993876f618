// Input and answer schemas of the business routes (typed against @corkboard/shared/business/api).
import { z } from 'zod';
import type {
  AdvertiserContext,
  AdvertiserSummary,
  BusinessAccessProfile,
  BusinessCreated,
  BusinessInvite,
  BusinessInviteOutcome,
  BusinessInvitePreview,
  BusinessMember,
} from '@corkboard/shared/business/api';
import {
  BUSINESS_CAPABILITIES,
  BUSINESS_PERMISSIONS,
  INVITABLE_PERMISSIONS,
} from '@corkboard/shared/business/permissions';
import { userSummarySchema } from '../../core/api.schemas.ts';
import { fieldErrors } from '../../core/http/input.ts';
import { idSchema } from '../../core/schemas.ts';

const permissionSchema = z.enum(BUSINESS_PERMISSIONS);

export const advertiserSummarySchema: z.ZodType<AdvertiserSummary> = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  currency: z.string(),
});

export const accessProfileSchema: z.ZodType<BusinessAccessProfile> = z.object({
  id: z.string(),
  permissions: z.array(permissionSchema),
  user: z.object({
    username: z.string(),
    businessName: z.string(),
    imgUrl: z.string().nullable(),
    merchantId: z.string().nullable(),
    eligibleForStlTool: z.boolean(),
    scheduledPinCount: z.number().int(),
  }),
  viewerMeetsMfaRequirement: z.boolean(),
  advertisers: z.array(advertiserSummarySchema),
  can_act: z.boolean(),
});

export const businessCreatedSchema: z.ZodType<BusinessCreated> = z.object({
  profile: accessProfileSchema,
  advertiser_id: z.string(),
});

export const advertiserContextSchema: z.ZodType<AdvertiserContext> = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  profile: z.object({ id: z.string(), username: z.string(), business_name: z.string() }),
  permissions: z.array(permissionSchema),
  capabilities: z.array(z.enum(BUSINESS_CAPABILITIES)),
});

export const businessMemberSchema: z.ZodType<BusinessMember> = z.object({
  user: userSummarySchema,
  permissions: z.array(permissionSchema),
  is_profile: z.boolean(),
});

export const businessInviteSchema: z.ZodType<BusinessInvite> = z.object({
  id: z.string(),
  email: z.string(),
  permissions: z.array(permissionSchema),
  created_at: z.string(),
  expires_at: z.string(),
});

export const invitePreviewSchema: z.ZodType<BusinessInvitePreview> = z.object({
  business_name: z.string(),
  username: z.string(),
  permissions: z.array(permissionSchema),
  inviter: userSummarySchema.nullable(),
});

export const inviteOutcomeSchema: z.ZodType<BusinessInviteOutcome> = z.object({
  profile_id: z.string(),
  permissions: z.array(permissionSchema),
});

export const profileParamsSchema = z.object({ profileId: idSchema });
export const memberParamsSchema = z.object({ profileId: idSchema, userId: idSchema });
export const inviteParamsSchema = z.object({ profileId: idSchema, inviteId: idSchema });
export { advertiserParamsSchema } from '../../core/schemas.ts';

export const memberPermissionsBodySchema = z.object({
  permissions: z.array(z.enum(INVITABLE_PERMISSIONS)).min(1).max(INVITABLE_PERMISSIONS.length),
});

/** The invitation token as links carry it (43 base64url characters; anything short of 256). */
export const inviteTokenSchema = z.string().min(1).max(256);

export const businessDetailsErrors = fieldErrors({
  business_name: 'BUSINESS_NAME_REQUIRED',
  website_url: 'BUSINESS_WEBSITE_INVALID',
});

export const inviteErrors = fieldErrors({
  email: 'BUSINESS_EMAIL_INVALID',
  permissions: 'BUSINESS_PERMISSIONS_INVALID',
});
