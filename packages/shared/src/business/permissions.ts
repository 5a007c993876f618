// Business access (business.md §3 "Business access profile", §6; docs/decisions/100): what each
// permission a member of a business profile holds lets them do. The profile person itself and
// whoever created a linked business profile hold OWNER. The server checks a capability on every
// console read and write; the web only hides what the server would refuse.

/** The permission set (decided, docs/decisions/100). */
export const BUSINESS_PERMISSIONS = [
  'OWNER',
  'ADMIN',
  'CAMPAIGN_MANAGER',
  'ANALYST',
  'FINANCE_MANAGER',
  'AUDIENCE_MANAGER',
] as const;
export type BusinessPermission = (typeof BUSINESS_PERMISSIONS)[number];

/** Permissions that can be given to an invited member (OWNER is never given away). */
export const INVITABLE_PERMISSIONS = BUSINESS_PERMISSIONS.filter(
  (permission): permission is Exclude<BusinessPermission, 'OWNER'> => permission !== 'OWNER',
);

/** What the console asks before it reads or writes. */
export const BUSINESS_CAPABILITIES = [
  'view_reporting',
  'manage_campaigns',
  'manage_audiences',
  'view_billing',
  'manage_billing',
  'manage_members',
  /** Register and change the business's identity providers (docs/decisions/190). */
  'manage_sso',
] as const;
export type BusinessCapability = (typeof BUSINESS_CAPABILITIES)[number];

const GRANTS: Record<BusinessPermission, readonly BusinessCapability[]> = {
  OWNER: BUSINESS_CAPABILITIES,
  ADMIN: [
    'view_reporting',
    'manage_campaigns',
    'manage_audiences',
    'view_billing',
    'manage_members',
    'manage_sso',
  ],
  CAMPAIGN_MANAGER: ['view_reporting', 'manage_campaigns', 'manage_audiences'],
  ANALYST: ['view_reporting'],
  FINANCE_MANAGER: ['view_reporting', 'view_billing', 'manage_billing'],
  AUDIENCE_MANAGER: ['view_reporting', 'manage_audiences'],
};

/** Whether any of `permissions` grants `capability`. */
export function hasCapability(
  permissions: readonly BusinessPermission[],
  capability: BusinessCapability,
): boolean {
  return permissions.some((permission) => GRANTS[permission].includes(capability));
}

/** Every capability the permissions grant, in BUSINESS_CAPABILITIES order. */
export function capabilitiesOf(permissions: readonly BusinessPermission[]): BusinessCapability[] {
  return BUSINESS_CAPABILITIES.filter((capability) => hasCapability(permissions, capability));
}

export function isBusinessPermission(value: string): value is BusinessPermission {
  return (BUSINESS_PERMISSIONS as readonly string[]).includes(value);
}
