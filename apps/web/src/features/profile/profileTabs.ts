// The profile's tab parameter (`/{username}/?tab=pins`), shared by the page and `_profile` paths.
export const TAB_PARAM = 'tab';
export const PINS_TAB = 'pins';
