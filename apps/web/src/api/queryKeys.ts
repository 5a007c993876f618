// Every query key in one place. Pin lists share the 'pins' root so a closeup can look a pin up in
// any list already cached (see findCachedPin), and so one invalidation can refresh them all.
export const queryKeys = {
  homeFeed: () => ['pins', 'home'] as const,
  boardPins: (boardId: string) => ['pins', 'board', boardId] as const,
  sectionPins: (sectionId: string) => ['pins', 'section', sectionId] as const,
  userPins: (username: string) => ['pins', 'user', username] as const,
  searchPins: (query: string) => ['pins', 'search', query] as const,
  pin: (id: string) => ['pin', id] as const,
  board: (username: string, slug: string) => ['board', username, slug] as const,
  user: (username: string) => ['user', username] as const,
  userBoards: (username: string) => ['boards', 'user', username] as const,
  myBoardInvites: () => ['boards', 'invites', 'me'] as const,
  viewer: () => ['viewer'] as const,
  experiments: () => ['auth', 'experiments'] as const,
  captchaConfig: () => ['auth', 'captcha-config'] as const,
  emailExists: (email: string) => ['auth', 'exists', email] as const,
};

export const PIN_LISTS_ROOT = 'pins';
