// Answer shapes of the business side (business.md §3). The server's zod schemas are typed
// against these; the web reads them.
import type { UserSummary } from '../api-types.ts';
import type { BusinessCapability, BusinessPermission } from './permissions.ts';

export interface AdvertiserSummary {
  id: string;
  name: string;
  country: string;
  currency: string;
}

/** business.md §3 "Business access profile" (GET /vx/business_access/profiles/). */
export interface BusinessAccessProfile {
  id: string;
  permissions: BusinessPermission[];
  user: {
    username: string;
    businessName: string;
    imgUrl: string | null;
    merchantId: string | null;
    eligibleForStlTool: boolean;
    scheduledPinCount: number;
  };
  viewerMeetsMfaRequirement: boolean;
  /** Not in the spec: the profile's ad accounts, for the console's switcher. */
  advertisers: AdvertiserSummary[];
  /** Not in the spec: whether acting as this profile applies (OWNER, or the MFA requirement). */
  can_act: boolean;
}

export interface BusinessCreated {
  profile: BusinessAccessProfile;
  /** The new ad account, where the console opens. */
  advertiser_id: string;
}

/** The console's view of one ad account for the viewer. */
export interface AdvertiserContext extends AdvertiserSummary {
  profile: { id: string; username: string; business_name: string };
  permissions: BusinessPermission[];
  capabilities: BusinessCapability[];
}

export interface BusinessMember {
  user: UserSummary;
  permissions: BusinessPermission[];
  /** The profile person itself (always OWNER, cannot be removed). */
  is_profile: boolean;
}

export interface BusinessInvite {
  id: string;
  email: string;
  permissions: BusinessPermission[];
  created_at: string;
  expires_at: string;
}

export interface BusinessInvitePreview {
  business_name: string;
  username: string;
  permissions: BusinessPermission[];
  inviter: UserSummary | null;
}

export interface BusinessInviteOutcome {
  profile_id: string;
  permissions: BusinessPermission[];
}
