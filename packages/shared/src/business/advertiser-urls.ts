// The advertiser console's URL builder (business.md §2.1): every path of the console, each under
// /advertiser/{advertiserId}, plus the reporting shortcuts pre-filtered by objective type. An
// unknown key is an error ('unknown url key', business.md §2.1, §8). The web matches a location
// back to its key with matchAdvertiserPath, so the console's routes and its links are one table.

export const ADVERTISER_PATHS = {
  overview: '/',
  reportingCampaigns: '/reporting/campaigns/',
  reportingAdGroups: '/reporting/adgroups/',
  reportingAds: '/reporting/ads/',
  reportingProductGroups: '/reporting/productgroups/',
  reportingProductItems: '/reporting/productitems/',
  reportingCampaignNegativeKeywords: '/reporting/campaignNegativeKeywords/',
  reportingCampaignSearchQueries: '/reporting/campaignSearchQueries/',
  reportingAdGroupNegativeKeywords: '/reporting/adGroupNegativeKeywords/',
  reportingAdGroupPositiveKeywords: '/reporting/adGroupPositiveKeywords/',
  reportingAdGroupSearchQueries: '/reporting/adGroupSearchQueries/',
  reportingPreferences: '/reporting/preferences/',
  adsCreate: '/ads/create/',
  adsEdit: '/ads/edit/',
  adsEditDraft: '/ads/edit_draft/',
  adsDuplicate: '/ads/duplicate/',
  adsBulkEdit: '/ads/bulk_edit/',
  adsCampaignMode: '/ads/campaign_mode/',
  automatedAdsCreate: '/automated/ads/create/',
  automatedAdsEdit: '/automated/ads/edit/',
  audiences: '/audiences/',
  audienceDebug: '/audience_debug/',
  billing: '/billing/',
  billingHistory: '/billing/history/',
  billingOrderLines: '/billing/order_lines/',
  billingPromotions: '/billing/promotions/',
  billingDocuments: '/billing/documents/',
  billingTaxDocuments: '/billing/tax_documents/',
  billingPrepaidCampaignSpendSummary: '/billing/prepaid_campaign_spend_summary/',
  billingPrepaidSpendCampaignBreakdown: '/billing/prepaid_spend_campaign_breakdown/',
  bulkEditor: '/bulk_editor/',
  bulkEditorUploadTemplate: '/bulk_editor/upload_template/',
  bulkEditorDownloadTemplate: '/bulk_editor/download_template/',
  bulkEditorHistory: '/bulk_editor/history/',
  bulkEditorBulkIdLibrary: '/bulk_editor/bulk_id_library/',
  bulkEditorResources: '/bulk_editor/resources/',
  history: '/history/',
  conversions: '/conversions/',
  conversionsTag: '/conversions/tag/',
  conversionsTagManualSetup: '/conversions/tag_manual_setup/',
  conversionsTagHealth: '/conversions/tag-health/',
  conversionsEventsOverview: '/conversions/events-overview/',
  conversionsEventHistory: '/conversions/event-history/',
  conversionsTestEvents: '/conversions/test-events/',
  conversionsHealth: '/conversions/health/',
  conversionsUpload: '/conversions/upload/',
  conversionsHistory: '/conversions/history/',
  conversionsPcaHistory: '/conversions/pca_history/',
  conversionsPcaUpload: '/conversions/pca_upload/',
  conversionsApiManualSetup: '/conversions/api_manual_setup/',
  conversionsApiPartnerSetup: '/conversions/api_partner_setup/',
  conversionsAccessToken: '/conversions/access_token/',
  conversionsSetupApi: '/conversions/setup-api/',
  conversionsDeduplication: '/conversions/deduplication/',
  conversionsPayloadHelper: '/conversions/payload-helper/',
  conversionsPinterestCapiConnect: '/conversions/pinterest_capi_connect/',
  pinBuilder: '/pin-builder/',
  accountsManager: '/accounts_manager/',
  reportCenter: '/report-center/',
  reportCenterBuilder: '/report-center/builder/',
  reportCenterHistory: '/report-center/history/',
  reportCenterUnsubscribe: '/report-center/unsubscribe/',
  reportCenterDownload: '/report-center/download/',
  quickPromote: '/quick-promote/',
  advertiserQuickPromote: '/advertiser/quick-promote/',
  recommendations: '/recommendations/',
  productCatalogsDataSource: '/product-catalogs/data-source/',
  mediaPlanner: '/media_planner/',
  msotOptimizer: '/msot-optimizer/',
  campaignInsights: '/campaign-insights/{campaignId}/',
  campaignInsightsProductGroup: '/campaign-insights/{campaignId}/product-group/{productGroupId}/',
} as const;

/**
 * business.md §2.1 "Shortcuts exist to the reporting area pre-filtered by objective type". Each
 * opens the campaigns report with `?objective=`; docs/decisions/106 maps them to objectives.
 */
export const REPORTING_SHORTCUTS = {
  reportingPurchases: 'purchases',
  reportingAwareness: 'awareness',
  reportingTraffic: 'traffic',
  reportingAppInstalls: 'app_installs',
  reportingCatalogSales: 'catalog_sales',
  reportingWebConversion: 'web_conversion',
  reportingVideoView: 'video_view',
  reportingEngagement: 'engagement',
  reportingVideos: 'videos',
  reportingShopping: 'shopping',
} as const;

export type AdvertiserPathKey = keyof typeof ADVERTISER_PATHS;
export type ReportingShortcutKey = keyof typeof REPORTING_SHORTCUTS;
export type AdvertiserUrlKey = AdvertiserPathKey | ReportingShortcutKey;
export type ReportingShortcut = (typeof REPORTING_SHORTCUTS)[ReportingShortcutKey];

export const UNKNOWN_URL_KEY = 'unknown url key';

export interface AdvertiserUrlParams {
  campaignId?: string | undefined;
  productGroupId?: string | undefined;
}

function isPathKey(key: string): key is AdvertiserPathKey {
  return Object.hasOwn(ADVERTISER_PATHS, key);
}

function isShortcutKey(key: string): key is ReportingShortcutKey {
  return Object.hasOwn(REPORTING_SHORTCUTS, key);
}

export function isAdvertiserUrlKey(key: string): key is AdvertiserUrlKey {
  return isPathKey(key) || isShortcutKey(key);
}

/** The console's base path for an advertiser. */
export function advertiserBase(advertiserId: string): string {
  return `/advertiser/${encodeURIComponent(advertiserId)}`;
}

/**
 * The site-relative URL of a console page. Throws Error('unknown url key') for a key that is not
 * in the table (keys may come from stored preferences or links, hence `string`).
 */
export function advertiserUrl(
  key: AdvertiserUrlKey | (string & {}),
  advertiserId: string,
  params: AdvertiserUrlParams = {},
  query: Record<string, string | undefined> = {},
): string {
  let path: string;
  const search = new URLSearchParams();
  if (isPathKey(key)) {
    path = ADVERTISER_PATHS[key];
  } else if (isShortcutKey(key)) {
    path = ADVERTISER_PATHS.reportingCampaigns;
    search.set('objective', REPORTING_SHORTCUTS[key]);
  } else {
    throw new Error(UNKNOWN_URL_KEY);
  }
  path = path.replace(
    /\{(campaignId|productGroupId)\}/g,
    (_match, name: keyof AdvertiserUrlParams) => {
      const value = params[name];
      if (value === undefined || value === '') throw new Error(`missing ${name}`);
      return encodeURIComponent(value);
    },
  );
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) search.set(name, value);
  const qs = search.toString();
  return `${advertiserBase(advertiserId)}${path}${qs ? `?${qs}` : ''}`;
}

export interface AdvertiserPathMatch {
  key: AdvertiserPathKey;
  params: AdvertiserUrlParams;
}

/** The key of a path under /advertiser/{id} (`rest` starts with '/'), or null when unknown. */
export function matchAdvertiserPath(rest: string): AdvertiserPathMatch | null {
  const path = rest.endsWith('/') ? rest : `${rest}/`;
  for (const [key, template] of Object.entries(ADVERTISER_PATHS) as [AdvertiserPathKey, string][]) {
    const normalised = template.endsWith('/') ? template : `${template}/`;
    const names: (keyof AdvertiserUrlParams)[] = [];
    const pattern = normalised
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{(campaignId|productGroupId)\}/g, (_match, name: keyof AdvertiserUrlParams) => {
        names.push(name);
        return '([0-9]+)';
      });
    const found = new RegExp(`^${pattern}$`).exec(path);
    if (!found) continue;
    const params: AdvertiserUrlParams = {};
    names.forEach((name, index) => {
      params[name] = found[index + 1];
    });
    return { key, params };
  }
  return null;
}
