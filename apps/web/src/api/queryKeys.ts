// Every TanStack Query key of the web app, in one place: features read, write and invalidate
// through these and never spell a key themselves, so one feature can refresh what another shows
// (a save refreshes the board page, the profile and the picker) without knowing its internals.
//
// Pin lists share the 'pins' root so a closeup can look a pin up in any list already cached
// (findCachedPin), and so one invalidation can refresh them all. A `…All` key is the prefix of
// every key of its kind, for invalidation.
export const PIN_LISTS_ROOT = 'pins';

export const queryKeys = {
  // ---- pins ----
  pinListsAll: () => [PIN_LISTS_ROOT] as const,
  homeFeed: () => [PIN_LISTS_ROOT, 'home'] as const,
  boardPins: (boardId: string) => [PIN_LISTS_ROOT, 'board', boardId] as const,
  sectionPins: (sectionId: string) => [PIN_LISTS_ROOT, 'section', sectionId] as const,
  userPins: (username: string) => [PIN_LISTS_ROOT, 'user', username] as const,
  searchPins: (query: string) => [PIN_LISTS_ROOT, 'search', query] as const,
  pin: (id: string) => ['pin', id] as const,
  /** PinResource with field_set_key 'detailed' (link domain, official user). */
  pinDetail: (id: string) => ['pin-detail', id] as const,
  /** Pin create page: pinnable images found at a link, and an image's early registration. */
  foundImages: (url: string) => ['found-images', url] as const,
  imageRegistration: (imageUrl: string) => ['image-registration', imageUrl] as const,

  // ---- boards ----
  boardsAll: () => ['board'] as const,
  board: (username: string, slug: string) => ['board', username, slug] as const,
  /** BoardResource by id in the picker's field set (the section create page). */
  pickerBoard: (boardId: string) => ['picker-board', boardId] as const,
  pickerBoardsAll: () => ['picker-boards'] as const,
  pickerBoards: (context: string) => ['picker-boards', context] as const,
  boardTitleSuggestions: (pinId: string) => ['board-title-suggestions', pinId] as const,
  relatedBoards: (pinId: string) => ['related-boards', pinId] as const,

  // ---- sections ----
  boardSections: (boardId: string) => ['board-sections', boardId] as const,

  // ---- people, collaborators ----
  user: (username: string) => ['user', username] as const,
  userBoards: (username: string) => ['boards', 'user', username] as const,
  myBoardInvites: () => ['boards', 'invites', 'me'] as const,
  shareSuggestions: (term: string) => ['share-suggestions', term] as const,
  emailInvite: (token: string) => ['email-invite', token] as const,

  // ---- auth ----
  viewer: () => ['viewer'] as const,
  experiments: () => ['auth', 'experiments'] as const,
  captchaConfig: () => ['auth', 'captcha-config'] as const,
  emailExists: (email: string) => ['auth', 'exists', email] as const,
};
