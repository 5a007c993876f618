// Runs the frozen-in-time migrations with Kysely's Migrator. The list is explicit (not a folder
// scan) so bundlers and type-stripping Node resolve every file the same way.
import type { Kysely } from 'kysely';
import {
  Migrator,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely/migration';
import * as core from './migrations/2026-11-21T00-core.ts';
import * as auth from './migrations/2026-11-21T01-auth.ts';
import * as saving from './migrations/2026-11-21T02-saving.ts';
import * as domains from './migrations/2026-11-21T03-domains.ts';
import * as pickerIndexes from './migrations/2026-11-21T04-picker-indexes.ts';
import * as admin from './migrations/2026-11-23T05-admin.ts';
import * as socialTokens from './migrations/2026-11-23T10-00-social-tokens.ts';
import * as accountSecurity from './migrations/2026-11-23T11-00-account-security.ts';
import * as trustedDevices from './migrations/2026-11-23T11-01-trusted-devices.ts';
import * as organise from './migrations/2026-11-23T12-00-organise.ts';
import * as hashtags from './migrations/2026-11-23T13-00-hashtags.ts';
import * as extensionEvents from './migrations/2026-11-23T13-01-extension-events.ts';
import * as search from './migrations/2026-11-23T14-00-search.ts';
import * as recentSearches from './migrations/2026-11-23T14-01-recent-searches.ts';
import * as searchAdvisories from './migrations/2026-11-23T14-02-search-advisories.ts';
import * as offsite from './migrations/2026-11-23T15-00-offsite.ts';
import * as experiences from './migrations/2026-11-23T15-01-experiences.ts';
import * as topics from './migrations/2026-11-23T15-02-topics.ts';
import * as extensionUpsellExperience from './migrations/2026-11-23T15-03-extension-upsell-experience.ts';
import * as storageQuota from './migrations/2026-11-23T16-00-storage-quota.ts';
import * as business from './migrations/2026-11-23T17-00-business.ts';
import * as adDelivery from './migrations/2026-11-23T17-01-ad-delivery.ts';
import * as experimentsAdmin from './migrations/2026-11-23T18-00-experiments.ts';
import * as visitorPerformance from './migrations/2026-11-23T18-01-visitor-performance.ts';
import * as siteClaims from './migrations/2026-11-23T20-00-site-claims.ts';
import * as instagramUpsell from './migrations/2026-11-23T20-01-instagram-upsell.ts';
import * as providerButtonExperiments from './migrations/2026-11-23T22-00-provider-button-experiments.ts';
import * as imagesMissing170 from './migrations/2026-11-24T00-00-images-missing-170.ts';
import * as adPacing from './migrations/2026-11-24T04-00-ad-pacing.ts';
import * as passkeys from './migrations/2026-11-24T07-00-passkeys.ts';
import * as ssoProviders from './migrations/2026-11-24T05-00-sso-providers.ts';
import * as billing from './migrations/2026-11-24T08-00-billing.ts';
import * as ssoOrganisations from './migrations/2026-11-28T03-00-sso-organisations.ts';
import * as quickPromoteSteps from './migrations/2026-11-24T10-00-quick-promote-steps.ts';
import * as earnedClicks from './migrations/2026-11-28T04-00-earned-clicks.ts';
import * as searchCandidates from './migrations/2026-11-28T06-00-search-candidates.ts';
import * as invoiceCarryOver from './migrations/2026-11-28T07-00-invoice-carry-over.ts';
import * as searchTitleWords from './migrations/2026-11-28T08-00-search-title-words.ts';

const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21T00-core': core,
  '2026-11-21T01-auth': auth,
  '2026-11-21T02-saving': saving,
  '2026-11-21T03-domains': domains,
  '2026-11-21T04-picker-indexes': pickerIndexes,
  '2026-11-23T05-admin': admin,
  '2026-11-23T10-00-social-tokens': socialTokens,
  '2026-11-23T11-00-account-security': accountSecurity,
  '2026-11-23T11-01-trusted-devices': trustedDevices,
  '2026-11-23T12-00-organise': organise,
  '2026-11-23T13-00-hashtags': hashtags,
  '2026-11-23T13-01-extension-events': extensionEvents,
  '2026-11-23T14-00-search': search,
  '2026-11-23T14-01-recent-searches': recentSearches,
  '2026-11-23T14-02-search-advisories': searchAdvisories,
  '2026-11-23T15-00-offsite': offsite,
  '2026-11-23T15-01-experiences': experiences,
  '2026-11-23T15-02-topics': topics,
  '2026-11-23T15-03-extension-upsell-experience': extensionUpsellExperience,
  '2026-11-23T16-00-storage-quota': storageQuota,
  '2026-11-23T17-00-business': business,
  '2026-11-23T17-01-ad-delivery': adDelivery,
  '2026-11-23T18-00-experiments': experimentsAdmin,
  '2026-11-23T18-01-visitor-performance': visitorPerformance,
  '2026-11-23T20-00-site-claims': siteClaims,
  '2026-11-23T20-01-instagram-upsell': instagramUpsell,
  '2026-11-23T22-00-provider-button-experiments': providerButtonExperiments,
  '2026-11-24T00-00-images-missing-170': imagesMissing170,
  '2026-11-24T04-00-ad-pacing': adPacing,
  '2026-11-24T07-00-passkeys': passkeys,
  '2026-11-24T05-00-sso-providers': ssoProviders,
  '2026-11-24T08-00-billing': billing,
  '2026-11-24T10-00-quick-promote-steps': quickPromoteSteps,
  '2026-11-28T03-00-sso-organisations': ssoOrganisations,
  '2026-11-28T04-00-earned-clicks': earnedClicks,
  '2026-11-28T06-00-search-candidates': searchCandidates,
  '2026-11-28T07-00-invoice-carry-over': invoiceCarryOver,
  '2026-11-28T08-00-search-title-words': searchTitleWords,
};

class StaticMigrationProvider implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(MIGRATIONS);
  }
}

export function createMigrator(db: Kysely<unknown>): Migrator {
  // Features are built in parallel, each with its own name prefix (2026-11-23T10- … T17-), so a
  // database that already ran a later prefix meets an earlier one when another branch lands.
  // Each migration touches only its own tables and columns, so the order between prefixes does
  // not matter; without this Kysely refuses such a database ("corrupted migrations").
  return new Migrator({
    db,
    provider: new StaticMigrationProvider(),
    allowUnorderedMigrations: true,
  });
}

/** Brings the schema up to date; throws (with the failing migration named) if any step fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<MigrationResultSet> {
  const result = await createMigrator(db).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause =
      result.error instanceof Error ? result.error : new Error(JSON.stringify(result.error));
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause.message}`, {
      cause,
    });
  }
  return result;
}
