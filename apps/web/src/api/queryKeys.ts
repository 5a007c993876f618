// Every TanStack Query key of the web app, in one place: features read, write and invalidate
// through these and never spell a key themselves, so one feature can refresh what another shows
// (a save refreshes the board page, the profile and the picker) without knowing its internals.
//
// A key starts with its name in this registry (unique, and cheap for the first-visit bundle: the
// compressor stores the repeat almost for free). Pin lists share the 'pins' root so a closeup can
// look a pin up in any list already cached (findCachedPin), and so one invalidation can refresh
// them all. A `…All` key is the prefix of every key of its kind, for invalidation.
export const PIN_LISTS_ROOT = 'pins';

export const queryKeys = {
  // ---- pins ----
  pinListsAll: () => [PIN_LISTS_ROOT] as const,
  homeFeed: () => [PIN_LISTS_ROOT, 'homeFeed'] as const,
  boardPins: (boardId: string) => [PIN_LISTS_ROOT, 'boardPins', boardId] as const,
  sectionPins: (sectionId: string) => [PIN_LISTS_ROOT, 'sectionPins', sectionId] as const,
  userPins: (username: string) => [PIN_LISTS_ROOT, 'userPins', username] as const,
  pin: (id: string) => ['pin', id] as const,
  /** PinResource with field_set_key 'detailed' (link domain, official user). */
  pinDetail: (id: string) => ['pinDetail', id] as const,
  /** Pin create page: pinnable images found at a link, and an image's early registration. */
  foundImages: (url: string) => ['foundImages', url] as const,
  imageRegistration: (imageUrl: string) => ['imageRegistration', imageUrl] as const,

  // ---- boards ----
  boardsAll: () => ['board'] as const,
  board: (username: string, slug: string) => ['board', username, slug] as const,
  /** BoardResource by id in the picker's field set (the section create page). */
  pickerBoard: (boardId: string) => ['pickerBoard', boardId] as const,
  pickerBoardsAll: () => ['pickerBoards'] as const,
  pickerBoards: (context: string) => ['pickerBoards', context] as const,
  boardTitleSuggestions: (pinId: string) => ['boardTitleSuggestions', pinId] as const,
  relatedBoards: (pinId: string) => ['relatedBoards', pinId] as const,

  // ---- sections ----
  boardSections: (boardId: string) => ['boardSections', boardId] as const,

  // ---- people, collaborators ----
  user: (username: string) => ['user', username] as const,
  userBoards: (username: string) => ['userBoards', username] as const,
  myBoardInvites: () => ['myBoardInvites'] as const,
  shareSuggestions: (term: string) => ['shareSuggestions', term] as const,
  emailInvite: (token: string) => ['emailInvite', token] as const,

  // ---- following (issue 10) ----
  followingFeed: () => [PIN_LISTS_ROOT, 'followingFeed'] as const,
  userFollowers: (username: string) => ['userFollowers', username] as const,
  userFollowing: (username: string) => ['userFollowing', username] as const,

  // ---- auth ----
  viewer: () => ['viewer'] as const,
  switcherAccounts: () => ['switcherAccounts'] as const,
  experiments: () => ['experiments'] as const,
  captchaConfig: () => ['captchaConfig'] as const,
  emailExists: (email: string) => ['emailExists', email] as const,

  // ---- admin ----
  adminOverview: () => ['adminOverview'] as const,
  adminOperators: () => ['adminOperators'] as const,

  // ---- offsite links ----
  /** One /offsite/ page's check, keyed by the page's own query string. */
  offsiteCheck: (search: string) => ['offsiteCheck', search] as const,
  adminOffsiteDomains: () => ['adminOffsiteDomains'] as const,
  adminOffsiteClicks: () => ['adminOffsiteClicks'] as const,

  // ---- experiences ----
  /** UserExperienceResource get for these placements (sorted ids). */
  experiences: (placementIds: string) => ['experiences', placementIds] as const,
  adminExperiences: () => ['adminExperiences'] as const,
  /** GET /v3/topics/ (the first-run tour's choices). */
  topics: () => ['topics'] as const,
  // ---- hashtags (saving-extras) ----
  hashtagSuggestions: (fragment: string) => ['hashtagSuggestions', fragment] as const,
  // ---- business (issue 11) ----
  businessProfiles: () => ['businessProfiles'] as const,
  businessMembers: (profileId: string) => ['businessMembers', profileId] as const,
  businessInvite: (token: string) => ['businessInvite', token] as const,
  // ---- billing (issue 11; docs/decisions/171) ----
  billing: (advertiserId: string) => ['billing', advertiserId] as const,
  billingList: (advertiserId: string, kind: string, ...params: string[]) =>
    ['billing', advertiserId, kind, ...params] as const,
  // ---- search (pins scopes sit under the pin lists root; boards and people do not) ----
  searchScopePins: (scope: string, params: string) =>
    [PIN_LISTS_ROOT, 'searchScope', scope, params] as const,
  searchScopeOther: (scope: string, params: string) => ['searchScope', scope, params] as const,
  /** Typeahead suggestions, cached per scope and term (business.md §7). */
  typeahead: (scope: string, term: string) => ['typeahead', scope, term] as const,
  recentSearches: () => ['recentSearches'] as const,
  // ---- account settings ----
  securityState: () => ['securityState'] as const,
  /** The viewer's passkeys (ADR 166). */
  passkeys: () => ['passkeys'] as const,
  profileSettings: () => ['profileSettings'] as const,
  connectedAccounts: () => ['connectedAccounts'] as const,
  sessions: () => ['sessions'] as const,

  // ---- social sign-in ----
  authProviders: () => ['authProviders'] as const,
  // ---- SSO by e-mail domain (ADR 157) and its admin (ADR 154) ----
  ssoInfo: (email: string) => ['ssoInfo', email] as const,
  adminSsoProviders: () => ['adminSsoProviders'] as const,
  /** A business's own identity providers (ADR 190). */
  businessSsoProviders: (profileId: string) => ['businessSsoProviders', profileId] as const,
  advertiser: (advertiserId: string) => ['advertiser', advertiserId] as const,
  campaigns: (advertiserId: string) => ['campaigns', advertiserId] as const,
  campaign: (advertiserId: string, campaignId: string) =>
    ['campaigns', advertiserId, campaignId] as const,
  adReviewQueue: () => ['adReviewQueue'] as const,
  // ---- search advisories (admin) ----
  adminSearchAdvisories: () => ['adminSearchAdvisories'] as const,
  // ---- experiments admin ----
  adminExperiments: () => ['adminExperiments'] as const,
  adminExperimentOverrides: (name: string) => ['adminExperiments', name, 'overrides'] as const,
  adminExperimentExposures: (name: string, group: string) =>
    ['adminExperiments', name, 'exposures', group] as const,
  adminPerformance: (days: number) => ['adminPerformance', days] as const,
  // ---- jobs admin (dead letters) ----
  adminDeadJobs: () => ['adminDeadJobs'] as const,
  // ---- manual ordering (saving-organise) ----
  /** A profile's boards in a given sort (under userBoards, so refreshing it refreshes these). */
  userBoardsInSort: (username: string, sort: string) => ['userBoards', username, sort] as const,
  /** A board's (or one section's) pins in a given sort, for the Reorder mode. */
  boardPinsInSort: (boardId: string, sectionId: string, sort: string) =>
    [PIN_LISTS_ROOT, 'boardPinsInSort', boardId, sectionId, sort] as const,
  // ---- collaborators in board edit (saving-organise) ----
  boardCollaborators: (boardId: string) => ['boardCollaborators', boardId] as const,
  // ---- /settings/claim/ and the Instagram upsell (saving-extras) ----
  claimState: () => ['claimState'] as const,
  /** GET /v3/users/settings (connected_to_instagram, listed_website_url). */
  userSettings: () => ['userSettings'] as const,
};
