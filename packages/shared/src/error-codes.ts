// The single registry of api_error_code values. docs/api-errors.md mirrors this table and a test
// keeps the two in step. Tests assert codes, never copy. Numbers are stable once released:
// never renumber, only append.

export interface ErrorCodeDefinition {
  readonly code: number;
  readonly httpStatus: number;
  /** Default human-readable message (English); clients show message_detail first when present. */
  readonly message: string;
}

export const ERROR_CODES = {
  // 1–99: generic request problems
  BAD_REQUEST: { code: 1, httpStatus: 400, message: 'The request is not valid.' },
  INVALID_JSON: { code: 2, httpStatus: 400, message: 'The request body is not valid JSON.' },
  VALIDATION_FAILED: { code: 3, httpStatus: 400, message: 'Some fields are not valid.' },
  INVALID_BOOKMARK: { code: 4, httpStatus: 400, message: 'The page cursor is not valid.' },
  NOT_FOUND: { code: 10, httpStatus: 404, message: 'We could not find that.' },
  ROUTE_NOT_FOUND: { code: 11, httpStatus: 404, message: 'There is no such endpoint.' },
  METHOD_NOT_ALLOWED: { code: 12, httpStatus: 405, message: 'That method is not allowed here.' },
  PAYLOAD_TOO_LARGE: { code: 13, httpStatus: 413, message: 'The request is too large.' },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 14,
    httpStatus: 415,
    message: 'That content type is not supported.',
  },
  CSRF_FAILED: {
    code: 20,
    httpStatus: 403,
    message: 'Your session token is missing or out of date. Reload the page and try again.',
  },
  UNAUTHORIZED: { code: 21, httpStatus: 401, message: 'You need to log in first.' },
  FORBIDDEN: { code: 22, httpStatus: 403, message: 'You do not have access to that.' },
  ADMIN_REQUIRED: {
    code: 23,
    httpStatus: 403,
    message: 'This page is for Corkboard operators only.',
  },
  ADMIN_LAST_OPERATOR: {
    code: 24,
    httpStatus: 409,
    message: 'Corkboard needs at least one operator. Make someone else an operator first.',
  },
  RATE_LIMITED: {
    code: 29,
    httpStatus: 429,
    message: 'Too many requests. Please wait a moment and try again.',
  },
  INTERNAL: {
    code: 50,
    httpStatus: 500,
    message: 'Something went wrong on our side. Please try again.',
  },
  SERVICE_UNAVAILABLE: {
    code: 53,
    httpStatus: 503,
    message: 'The service is temporarily unavailable.',
  },

  // 100–199: resources and lookups
  UNKNOWN_RESOURCE: { code: 100, httpStatus: 404, message: 'There is no such resource.' },
  UNKNOWN_RESOURCE_VERB: {
    code: 101,
    httpStatus: 405,
    message: 'That resource does not support this action.',
  },
  PIN_NOT_FOUND: { code: 110, httpStatus: 404, message: 'Sorry, that Pin could not be found.' },
  BOARD_NOT_FOUND: { code: 111, httpStatus: 404, message: 'Sorry, that board could not be found.' },
  SECTION_NOT_FOUND: {
    code: 112,
    httpStatus: 404,
    message: 'Sorry, that section could not be found.',
  },
  USER_NOT_FOUND: { code: 113, httpStatus: 404, message: 'Sorry, that user could not be found.' },
  SEARCH_QUERY_REQUIRED: { code: 120, httpStatus: 400, message: 'Type something to search for.' },

  // 200–299: media
  MEDIA_NOT_AN_IMAGE: {
    code: 200,
    httpStatus: 415,
    message: 'That file is not an image we can use.',
  },
  MEDIA_TOO_LARGE: { code: 201, httpStatus: 413, message: 'That image is too large.' },
  MEDIA_TOO_MANY_PIXELS: { code: 202, httpStatus: 413, message: 'That image has too many pixels.' },
  MEDIA_NOT_FOUND: { code: 203, httpStatus: 404, message: 'That image could not be found.' },

  // 300–399: authentication (auth.md §5, §8; docs/decisions/006). Auth failures carry
  // `data.field` (email | password | birthday | consent | captcha) so forms can place them, and
  // `message_detail` with the exact sentence when the rule has one.
  AUTH_EMAIL_INVALID: { code: 300, httpStatus: 400, message: 'Your email is invalid.' },
  AUTH_EMAIL_TAKEN: {
    code: 301,
    httpStatus: 409,
    message: "Looks like you're already on Corkboard",
  },
  AUTH_EMAIL_CONTAINS_PRODUCT_NAME: {
    code: 302,
    httpStatus: 400,
    message: 'Please stick to your name, or the name of your brand',
  },
  AUTH_PASSWORD_TOO_SHORT: { code: 310, httpStatus: 400, message: 'Your password is too short!' },
  AUTH_PASSWORD_TOO_LONG: { code: 311, httpStatus: 400, message: 'Your password is too long!' },
  AUTH_PASSWORD_NOT_ASCII: {
    code: 312,
    httpStatus: 400,
    message: 'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
  },
  AUTH_PASSWORD_SAME_AS_IDENTITY: {
    code: 313,
    httpStatus: 400,
    message: 'Please make your username and password different.',
  },
  AUTH_PASSWORD_COMMON: { code: 314, httpStatus: 400, message: 'Please make a stronger password.' },
  AUTH_BIRTHDAY_MISSING: {
    code: 320,
    httpStatus: 400,
    message: 'We need to know your age to provide you this service.',
  },
  AUTH_BIRTHDAY_INVALID: { code: 321, httpStatus: 400, message: 'Invalid date' },
  AUTH_UNDERAGE: {
    code: 322,
    httpStatus: 403,
    message: "Sorry, you're not eligible to sign up for Corkboard right now.",
  },
  AUTH_OVERAGE: { code: 323, httpStatus: 400, message: 'Oops! Please use a valid age to sign up.' },
  AUTH_CONSENT_REQUIRED: {
    code: 324,
    httpStatus: 400,
    message: "Before you can create an account, you'll need to agree to the required terms below.",
  },
  AUTH_CAPTCHA_FAILED: {
    code: 330,
    httpStatus: 403,
    message: "We couldn't verify that you're a person. Please try again.",
  },
  AUTH_LOGIN_INCORRECT_PASSWORD: {
    code: 340,
    httpStatus: 401,
    message: 'The password you entered is incorrect.',
  },
  AUTH_LOGIN_UNKNOWN_ACCOUNT: {
    code: 341,
    httpStatus: 401,
    message: "The email or username you entered doesn't belong to an account.",
  },
  AUTH_LOGIN_RATE_LIMITED: {
    code: 344,
    httpStatus: 429,
    message: 'You have reached the maximum number of login attempts. Try again in 30 minutes.',
  },
  AUTH_LOGIN_TOO_FAST_IP: {
    code: 345,
    httpStatus: 429,
    message: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
  },
  AUTH_ACCOUNT_SUSPENDED: { code: 346, httpStatus: 403, message: "Sorry, we can't log you in." },
  AUTH_SOFT_BANNED: {
    code: 347,
    httpStatus: 403,
    message:
      'We noticed some strange activity on your account. Reset your password or log in with Facebook or Google to get back into your account.',
  },
  AUTH_LOGIN_ASSISTANCE: {
    code: 349,
    httpStatus: 401,
    message: "Looks like you're having trouble logging in",
  },
  AUTH_RESET_TOKEN_INVALID: {
    code: 360,
    httpStatus: 400,
    message: 'This password reset link is invalid or has expired. Request a new one.',
  },

  // 400–409: fetching URLs people hand us and taking in images (apps/api/src/lib/safe-fetch.ts,
  // docs/decisions/008). 410–449: saving pins, boards, sections and collaborators (saving.md).
  URL_INVALID: { code: 400, httpStatus: 400, message: 'That web address is not valid.' },
  URL_BLOCKED: {
    code: 401,
    httpStatus: 400,
    message: "We can't fetch anything from that address.",
  },
  URL_UNREACHABLE: { code: 402, httpStatus: 502, message: "We couldn't reach that website." },
  URL_TIMEOUT: { code: 403, httpStatus: 504, message: 'That website took too long to answer.' },
  URL_RESPONSE_TOO_LARGE: { code: 404, httpStatus: 413, message: 'That file is too large.' },
  URL_TOO_MANY_REDIRECTS: {
    code: 405,
    httpStatus: 502,
    message: 'That web address redirects too many times.',
  },
  URL_UNSUPPORTED_CONTENT: {
    code: 406,
    httpStatus: 415,
    message: "That web address doesn't lead to a page or image we can use.",
  },
  URL_HTTP_ERROR: { code: 407, httpStatus: 502, message: 'That website answered with an error.' },
  MEDIA_UPLOAD_NOT_FOUND: {
    code: 408,
    httpStatus: 404,
    message: 'That upload could not be found. Please add the image again.',
  },
  IMAGE_INTAKE_BUSY: {
    code: 409,
    httpStatus: 429,
    message: 'Too many images are being processed. Please try again in a moment.',
  },
  BOARD_NAME_REQUIRED: { code: 410, httpStatus: 400, message: "Don't forget to name your board!" },
  BOARD_NAME_TOO_LONG: { code: 411, httpStatus: 400, message: 'That board name is too long.' },
  BOARD_NAME_TAKEN: {
    code: 412,
    httpStatus: 409,
    message: 'You already have a board with that name.',
  },
  BOARD_PRIVACY_NOT_ALLOWED: {
    code: 413,
    httpStatus: 400,
    message: "That privacy setting isn't available for this board.",
  },
  BOARD_NOT_WRITABLE: { code: 414, httpStatus: 403, message: "You can't save to this board." },
  SECTION_NAME_REQUIRED: {
    code: 415,
    httpStatus: 400,
    message: "Don't forget to name your section!",
  },
  SECTION_NAME_TOO_LONG: { code: 416, httpStatus: 400, message: 'That section name is too long.' },
  SECTION_NAME_TAKEN: {
    code: 417,
    httpStatus: 409,
    message: 'This board already has a section with that name.',
  },
  SECTION_INITIAL_PINS_INVALID: {
    code: 418,
    httpStatus: 400,
    message: 'Only Pins from this board can be moved into its sections.',
  },
  ADVERTISER_NOT_ALLOWED: {
    code: 419,
    httpStatus: 403,
    message: "You can't act for that advertiser.",
  },
  ADVERTISER_BOARD_NOT_PROTECTED: {
    code: 420,
    httpStatus: 400,
    message: 'When acting for an advertiser you can only save to protected boards.',
  },
  COLLABORATOR_INVITE_NOT_OWNER: {
    code: 430,
    httpStatus: 403,
    message: "Only the board's owner can invite collaborators.",
  },
  COLLABORATOR_INVITE_NOT_ALLOWED: {
    code: 431,
    httpStatus: 400,
    message: "Protected boards can't have collaborators.",
  },
  COLLABORATOR_INVITE_SELF: {
    code: 432,
    httpStatus: 400,
    message: "You're already on this board.",
  },
  COLLABORATOR_INVITE_EMAIL_INVALID: {
    code: 433,
    httpStatus: 400,
    message: "That email address isn't valid.",
  },
  COLLABORATOR_INVITE_TOKEN_INVALID: {
    code: 434,
    httpStatus: 400,
    message: 'This invitation link is invalid or has expired.',
  },
  COLLABORATOR_INVITE_NOT_FOUND: {
    code: 435,
    httpStatus: 404,
    message: "We couldn't find that invitation.",
  },
  COLLABORATOR_INVITE_LIMIT: {
    code: 436,
    httpStatus: 429,
    message: "You've sent a lot of invitations today. Please try again tomorrow.",
  },
  // 440–449: following people (saving.md §4, §7 UserFollowResource; docs/decisions/013).
  USER_FOLLOW_SELF: { code: 440, httpStatus: 400, message: "You can't follow yourself." },
  // 1600–1699: production hardening (issue 13; docs/decisions/090–099).
  TEXT_INVALID_CHARACTERS: {
    code: 1600,
    httpStatus: 400,
    message: 'Some text contains characters we cannot store.',
  },
  MULTIPART_INVALID: {
    code: 1601,
    httpStatus: 400,
    message: 'The upload is not a valid multipart form.',
  },
  REQUEST_TIMEOUT: {
    code: 1602,
    httpStatus: 408,
    message: 'The request took too long to arrive. Please try again.',
  },
  URI_TOO_LONG: { code: 1603, httpStatus: 414, message: 'The web address is too long.' },
  HEADERS_TOO_LARGE: {
    code: 1604,
    httpStatus: 431,
    message: 'The request headers are too large.',
  },
  IMAGE_WORK_BUSY: {
    code: 1605,
    httpStatus: 503,
    message: 'We are processing a lot of images right now. Please try again in a moment.',
  },
  STORAGE_QUOTA_EXCEEDED: {
    code: 1606,
    httpStatus: 403,
    message: "You've used all your image storage. Delete some Pins to save more.",
  },
  JOB_NOT_FOUND: { code: 1607, httpStatus: 404, message: 'There is no such failed job.' },
  COLLABORATOR_INVITE_WRONG_EMAIL: {
    code: 1608,
    httpStatus: 403,
    message:
      'This invitation was sent to another email address. Log in or sign up with that address to accept it.',
  },

  // 1200–1299: following boards and organising (issue 10; docs/decisions/050–056).
  BOARD_FOLLOW_OWN: { code: 1200, httpStatus: 400, message: "You can't follow your own board." },
  USER_FOLLOW_BULK_INVALID: {
    code: 1201,
    httpStatus: 400,
    message: 'Name between 1 and 50 people to follow.',
  },
  PIN_NOT_EDITABLE: { code: 1210, httpStatus: 403, message: "You can't change this Pin." },
  PIN_MOVE_SAME_PLACE: {
    code: 1211,
    httpStatus: 400,
    message: 'Choose a different board or section to move these Pins to.',
  },
  PIN_MOVE_PINS_INVALID: {
    code: 1212,
    httpStatus: 400,
    message: "Some of these Pins aren't on that board any more. Reload and try again.",
  },
  PIN_MOVE_TOO_MANY: {
    code: 1213,
    httpStatus: 400,
    message: "That's too many Pins for one action.",
  },
  PIN_ORDER_INVALID: {
    code: 1214,
    httpStatus: 400,
    message: "That Pin can't go there. Reload and try again.",
  },
  BOARD_NOT_OWNER: { code: 1220, httpStatus: 403, message: "Only the board's owner can do that." },
  BOARD_COVER_PIN_INVALID: {
    code: 1222,
    httpStatus: 400,
    message: "Choose a cover from this board's Pins.",
  },
  COLLABORATOR_NOT_FOUND: {
    code: 1224,
    httpStatus: 404,
    message: "That person isn't a collaborator on this board.",
  },
  BOARD_LEAVE_OWNER: {
    code: 1225,
    httpStatus: 400,
    message: "You own this board, so you can't leave it.",
  },
  SECTION_ORDER_INVALID: {
    code: 1230,
    httpStatus: 400,
    message: "That section can't go there. Reload and try again.",
  },
  BOARD_ORDER_INVALID: {
    code: 1231,
    httpStatus: 400,
    message: "That board can't go there. Reload and try again.",
  },
  BOARD_NOT_MEMBER: {
    code: 1232,
    httpStatus: 403,
    message: "Only the board's owner and collaborators can do that.",
  },

  // 1300–1349: /settings/claim/ — claimed websites and the Instagram connection
  // (docs/decisions/127, 128).
  WEBSITE_URL_INVALID: {
    code: 1300,
    httpStatus: 400,
    message: 'Enter your website’s address, like https://www.example.com.',
  },
  WEBSITE_VERIFICATION_FAILED: {
    code: 1301,
    httpStatus: 400,
    message: 'We couldn’t find your verification code on that website. Check it and try again.',
  },
  WEBSITE_CLAIMED_BY_SOMEONE_ELSE: {
    code: 1302,
    httpStatus: 409,
    message: 'Someone else has already claimed this website.',
  },
  WEBSITE_CLAIMS_FULL: {
    code: 1303,
    httpStatus: 409,
    message: 'You’ve claimed as many websites as you can. Remove one first.',
  },
  WEBSITE_NOT_CLAIMED: {
    code: 1304,
    httpStatus: 404,
    message: 'You haven’t claimed that website.',
  },
  INSTAGRAM_UNAVAILABLE: {
    code: 1310,
    httpStatus: 503,
    message: 'Connecting Instagram isn’t available right now.',
  },
  INSTAGRAM_STATE_INVALID: {
    code: 1311,
    httpStatus: 400,
    message: 'That Instagram connection expired or didn’t start here. Please try again.',
  },
  INSTAGRAM_CONNECT_FAILED: {
    code: 1312,
    httpStatus: 502,
    message: 'Instagram didn’t accept the connection. Please try again.',
  },
  INSTAGRAM_ACCOUNT_TAKEN: {
    code: 1313,
    httpStatus: 409,
    message: 'That Instagram account is already connected to another Corkboard account.',
  },
  INSTAGRAM_NOT_CONNECTED: {
    code: 1314,
    httpStatus: 404,
    message: 'You haven’t connected an Instagram account.',
  },

  // 2171–2173: saving.md §8 "API codes 2171, 2172 and 2173 during a move of pins" (numbers as
  // the spec gives them; docs/decisions/051 says which running action each one reports).
  BOARD_MOVE_IN_PROGRESS: {
    code: 2171,
    httpStatus: 409,
    message: 'Please wait until the previous board action finishes.',
  },
  BOARD_DELETE_IN_PROGRESS: {
    code: 2172,
    httpStatus: 409,
    message: 'Please wait until the previous board action finishes.',
  },
  BOARD_EDIT_IN_PROGRESS: {
    code: 2173,
    httpStatus: 409,
    message: 'Please wait until the previous board action finishes.',
  },
  // 1500–1599: discovery platform — offsite link checks (1500–1509), experiences, experiments
  // admin, web performance (business.md §3–§7; docs/decisions/080–089).
  OFFSITE_URL_NOT_HTTP: {
    code: 1500,
    httpStatus: 400,
    message: 'Only http and https links can be opened.',
  },
  OFFSITE_URL_INTERNAL: {
    code: 1501,
    httpStatus: 400,
    message: 'That link goes to Corkboard itself, not to another site.',
  },
  OFFSITE_DOMAIN_INVALID: {
    code: 1502,
    httpStatus: 400,
    message: 'That is not a domain name (for example example.com).',
  },
  OFFSITE_DOMAIN_NOT_FOUND: {
    code: 1503,
    httpStatus: 404,
    message: 'That domain is not on the list.',
  },
  OFFSITE_DOMAIN_LIST_FULL: {
    code: 1504,
    httpStatus: 409,
    message: 'The domain list is full. Remove domains you no longer need first.',
  },
  EXPERIENCE_ID_INVALID: {
    code: 1510,
    httpStatus: 400,
    message: 'That is not a placed experience id ({placement}:{experience}).',
  },
  EXPERIENCE_NOT_FOUND: {
    code: 1511,
    httpStatus: 404,
    message: 'We could not find that experience.',
  },
  EXPERIENCE_NOT_TRIGGERABLE: {
    code: 1512,
    httpStatus: 409,
    message: 'That experience cannot be triggered.',
  },
  EXPERIENCE_NOT_ELIGIBLE: {
    code: 1513,
    httpStatus: 409,
    message: 'That experience is not available to you right now.',
  },
  EXPERIENCE_ALREADY_ENDED: {
    code: 1514,
    httpStatus: 409,
    message: 'That experience has already ended for you.',
  },
  EXPERIENCE_DEFINITION_INVALID: {
    code: 1515,
    httpStatus: 400,
    message: 'The experience definition is not valid.',
  },
  // 1700–1899: business accounts, advertiser console, quick promote, serving (issue 11).
  BUSINESS_NAME_REQUIRED: { code: 1700, httpStatus: 400, message: 'Enter your business name.' },
  BUSINESS_ALREADY_BUSINESS: {
    code: 1701,
    httpStatus: 409,
    message: 'This account is already a business account.',
  },
  BUSINESS_PROFILE_NOT_FOUND: {
    code: 1702,
    httpStatus: 404,
    message: "We couldn't find that business.",
  },
  BUSINESS_PERMISSION_DENIED: {
    code: 1703,
    httpStatus: 403,
    message: "You don't have permission to do that for this business.",
  },
  BUSINESS_ACTING_MFA_REQUIRED: {
    code: 1704,
    httpStatus: 403,
    message: 'Turn on two-factor authentication to act for this business.',
  },
  BUSINESS_INVITE_TOKEN_INVALID: {
    code: 1705,
    httpStatus: 400,
    message: 'This invitation link is invalid or has expired.',
  },
  BUSINESS_INVITE_SELF: {
    code: 1706,
    httpStatus: 400,
    message: 'You already have access to this business.',
  },
  BUSINESS_INVITE_LIMIT: {
    code: 1707,
    httpStatus: 429,
    message: "You've sent a lot of invitations today. Please try again tomorrow.",
  },
  BUSINESS_MEMBER_NOT_FOUND: {
    code: 1708,
    httpStatus: 404,
    message: "That person isn't a member of this business.",
  },
  BUSINESS_EMAIL_INVALID: {
    code: 1709,
    httpStatus: 400,
    message: "That email address isn't valid.",
  },
  BUSINESS_WEBSITE_INVALID: {
    code: 1710,
    httpStatus: 400,
    message: 'Enter a website that starts with http:// or https://.',
  },
  BUSINESS_PERMISSIONS_INVALID: {
    code: 1711,
    httpStatus: 400,
    message: 'Choose at least one permission.',
  },
  ADVERTISER_NOT_FOUND: {
    code: 1720,
    httpStatus: 404,
    message: "We couldn't find that ad account.",
  },
  AD_CAMPAIGN_NOT_FOUND: {
    code: 1721,
    httpStatus: 404,
    message: "We couldn't find that campaign.",
  },
  AD_GROUP_NOT_FOUND: { code: 1722, httpStatus: 404, message: "We couldn't find that ad group." },
  AD_NOT_FOUND: { code: 1723, httpStatus: 404, message: "We couldn't find that ad." },
  AD_DRAFT_NOT_FOUND: { code: 1724, httpStatus: 404, message: "We couldn't find that draft." },
  AD_DRAFT_LIMIT: {
    code: 1725,
    httpStatus: 409,
    message: 'This ad account has too many drafts. Delete one first.',
  },
  QUICK_PROMOTE_NOT_ELIGIBLE: {
    code: 1730,
    httpStatus: 403,
    message: "This Pin can't be promoted.",
  },
  AD_DESTINATION_URL_INVALID: {
    code: 1731,
    httpStatus: 400,
    message: 'Enter a website that starts with http:// or https://.',
  },
  AD_DESTINATION_URL_INTERNAL: {
    code: 1732,
    httpStatus: 400,
    message: 'Ads must link to your own website, not to Corkboard.',
  },
  AD_END_DATE_INVALID: {
    code: 1733,
    httpStatus: 400,
    message: 'Choose an end date after today and within a year.',
  },
  AD_BUDGET_INVALID: {
    code: 1734,
    httpStatus: 400,
    message: 'Enter a budget between 1 and 1,000,000.',
  },
  AD_CONVERSION_TAG_NOT_FOUND: {
    code: 1735,
    httpStatus: 404,
    message: "We couldn't find that conversion tag.",
  },
  AD_AUDIENCE_NOT_FOUND: {
    code: 1736,
    httpStatus: 404,
    message: "We couldn't find that audience.",
  },
  AD_PAYLOAD_MISMATCH: {
    code: 1737,
    httpStatus: 400,
    message: "The ad account or Pin in the request doesn't match the address.",
  },
  AD_REVIEW_ALREADY_DECIDED: {
    code: 1740,
    httpStatus: 409,
    message: 'This ad has already been reviewed.',
  },
  AD_REVIEW_REASON_REQUIRED: {
    code: 1741,
    httpStatus: 400,
    message: 'Choose at least one reason for rejecting this ad.',
  },
  AD_DENY_LIST_DOMAIN_INVALID: {
    code: 1742,
    httpStatus: 400,
    message: 'Enter a domain such as example.com.',
  },
  AD_DENY_LIST_ENTRY_NOT_FOUND: {
    code: 1743,
    httpStatus: 404,
    message: "That domain isn't on the list.",
  },
  AD_EVENT_TOKEN_INVALID: {
    code: 1750,
    httpStatus: 400,
    message: 'That ad event could not be recorded.',
  },
  BILLING_PROFILE_REQUIRED: {
    code: 1760,
    httpStatus: 400,
    message: 'Add your billing details first.',
  },
  BILLING_CARD_DECLINED: { code: 1761, httpStatus: 402, message: 'Your card was declined.' },
  BILLING_CARD_INVALID: { code: 1762, httpStatus: 400, message: 'Check your card details.' },
  BILLING_PROVIDER_UNAVAILABLE: {
    code: 1763,
    httpStatus: 503,
    message: 'Payments are not available right now. Please try again later.',
  },
  BILLING_INVOICE_NOT_FOUND: {
    code: 1764,
    httpStatus: 404,
    message: "We couldn't find that invoice.",
  },
  // 2010–2029: billing (docs/decisions/171–173).
  BILLING_INVOICE_NOT_PAYABLE: {
    code: 2010,
    httpStatus: 409,
    message: 'This invoice is already paid or too small to charge.',
  },
  BILLING_PAYMENT_METHOD_REQUIRED: {
    code: 2011,
    httpStatus: 409,
    message: 'Add a payment method first.',
  },
  BILLING_CARD_DETAILS_REFUSED: {
    code: 2012,
    httpStatus: 400,
    message: 'Card details go straight to the payment processor. Enter your card again.',
  },
  REPORT_RANGE_INVALID: {
    code: 1770,
    httpStatus: 400,
    message: 'Choose a date range of up to 366 days.',
  },
  REPORT_COLUMNS_INVALID: { code: 1771, httpStatus: 400, message: 'Choose at least one column.' },
  AD_NOT_DELIVERABLE: {
    code: 1772,
    httpStatus: 404,
    message: "That promoted pin isn't running.",
  },
  // 2050–2069: quick-promote steps, earned events and audience exclusions (docs/decisions/181–185).
  AD_TERMS_NOT_ACCEPTED: {
    code: 2050,
    httpStatus: 403,
    message: 'Accept the advertising and data processing terms to promote Pins.',
  },
  AD_TERMS_VERSION_STALE: {
    code: 2051,
    httpStatus: 409,
    message: 'The terms have changed. Please read them again.',
  },
  AD_TERMS_NOT_REQUIRED: {
    code: 2052,
    httpStatus: 400,
    message: "This ad account's country doesn't need these terms.",
  },
  AD_CONVERSION_TAG_LIMIT: {
    code: 2053,
    httpStatus: 409,
    message: 'This ad account has the most conversion tags it can have.',
  },
  AUDIENCE_LIMIT_REACHED: {
    code: 2055,
    httpStatus: 409,
    message: 'This ad account has the most audiences it can have. Delete one first.',
  },
  AUDIENCE_IN_USE: {
    code: 2056,
    httpStatus: 409,
    message: 'An ad group still excludes this audience. Remove it there first.',
  },
  AD_EVENT_PIN_MISMATCH: {
    code: 2060,
    httpStatus: 404,
    message: "That Pin isn't part of this promotion.",
  },
  // 1830–1859: the console's overview, reporting, export and history (docs/decisions/151–153).
  REPORT_EXPORT_TOO_LARGE: {
    code: 1830,
    httpStatus: 400,
    message: 'Over 10,000 rows. Choose fewer dates.',
  },
  // 2030–2049: the console's campaign editor (create, edit, drafts, duplicate; docs/decisions/176–178).
  AD_CAMPAIGN_NAME_REQUIRED: {
    code: 2030,
    httpStatus: 400,
    message: 'Enter a name of up to 255 characters.',
  },
  AD_START_DATE_INVALID: {
    code: 2031,
    httpStatus: 400,
    message: 'Choose a start date from today on.',
  },
  AD_BID_INVALID: {
    code: 2032,
    httpStatus: 400,
    message: 'Enter a bid above 0 and no higher than the budget.',
  },
  AD_TARGETING_INVALID: {
    code: 2033,
    httpStatus: 400,
    message:
      'Check the audience: choose at least one country, and only the listed ages, genders and interests.',
  },
  AD_PIN_NOT_PROMOTABLE: {
    code: 2034,
    httpStatus: 400,
    message: "This Pin can't be used in an ad. Choose one of your business's Pins.",
  },
  AD_CONVERSION_TAG_REQUIRED: {
    code: 2035,
    httpStatus: 400,
    message: 'Choose a conversion tag and event for a conversions campaign.',
  },
  AD_OBJECTIVE_LOCKED: {
    code: 2036,
    httpStatus: 400,
    message: "A campaign's objective can't be changed. Duplicate it to use another objective.",
  },
  AD_CAMPAIGN_ARCHIVED: {
    code: 2037,
    httpStatus: 409,
    message: 'This campaign is archived and can no longer be changed.',
  },
  AD_DRAFT_TOO_LARGE: {
    code: 2038,
    httpStatus: 400,
    message: 'This draft is too large to keep. Remove some ads or keywords.',
  },
  AD_CAMPAIGN_TOO_LARGE: {
    code: 2039,
    httpStatus: 409,
    message: 'This campaign has more ad groups or ads than the editor can change at once.',
  },
  // 2040–2049: ad groups in the campaign editor (docs/decisions/192).
  AD_GROUP_LIMIT: {
    code: 2040,
    httpStatus: 400,
    message: 'A campaign has 1 to 10 ad groups.',
  },
  AD_GROUP_ADS_INVALID: {
    code: 2041,
    httpStatus: 400,
    message: 'Choose 1 to 20 Pins for each ad group.',
  },
  AD_GROUP_NAME_TAKEN: {
    code: 2042,
    httpStatus: 400,
    message: 'Another ad group in this campaign has this name. Choose another.',
  },
  AD_GROUP_STATUS_INVALID: {
    code: 2043,
    httpStatus: 400,
    message: 'A new ad group can be active or paused.',
  },
  // 1400–1499: search scopes, filters, typeahead and advisories (business.md §3, §7; saving.md §2.10).
  SEARCH_SCOPE_UNKNOWN: {
    code: 1400,
    httpStatus: 404,
    message: "There's no such kind of search.",
  },
  SEARCH_FILTER_INVALID: {
    code: 1401,
    httpStatus: 400,
    message: "One of the search filters isn't valid.",
  },
  SEARCH_PRICE_RANGE_INVALID: {
    code: 1402,
    httpStatus: 400,
    message: 'The lowest price must not be above the highest price.',
  },
  SEARCH_ADVISORY_INVALID: {
    code: 1403,
    httpStatus: 400,
    message: "This search advisory isn't valid.",
  },
  SEARCH_ADVISORY_NOT_FOUND: {
    code: 1404,
    httpStatus: 404,
    message: "We couldn't find that search advisory.",
  },
  SEARCH_ADVISORY_DUPLICATE: {
    code: 1405,
    httpStatus: 409,
    message: 'Another advisory already has this term or pattern for this country.',
  },
  SEARCH_ADVISORY_LIST_FULL: {
    code: 1406,
    httpStatus: 409,
    message: 'The advisory list is full. Remove an entry first.',
  },

  // 1000–1099: social sign-in and SSO by e-mail domain (auth.md §2–§8; docs/decisions/030–039).
  SOCIAL_PROVIDER_UNAVAILABLE: {
    code: 1000,
    httpStatus: 503,
    message: "Looks like this isn't available right now. Give another option a try.",
  },
  SOCIAL_TOKEN_INVALID: {
    code: 1001,
    httpStatus: 401,
    message: "We couldn't verify that sign-in. Please try again.",
  },
  SOCIAL_TOKEN_EXPIRED: {
    code: 1002,
    httpStatus: 401,
    message: 'That sign-in has expired. Please try again.',
  },
  SOCIAL_TOKEN_REPLAYED: {
    code: 1003,
    httpStatus: 401,
    message: 'That sign-in was already used. Please try again.',
  },
  SOCIAL_ACCOUNT_NOT_FOUND: {
    code: 1004,
    httpStatus: 404,
    message: "We couldn't find a Corkboard account connected to that account.",
  },
  SOCIAL_GOOGLE_ONLY_ACCOUNT: {
    code: 1005,
    httpStatus: 401,
    message: 'Your account is already linked to Google. To log in with email, set a password.',
  },
  SOCIAL_FACEBOOK_ONLY_ACCOUNT: {
    code: 1006,
    httpStatus: 401,
    message: 'Your account is already linked to Facebook. To log in with email, set a password.',
  },
  SOCIAL_EMAIL_REQUIRED: { code: 1007, httpStatus: 400, message: 'Email is required' },
  SOCIAL_ACCOUNT_CONNECTED_ELSEWHERE: {
    code: 1008,
    httpStatus: 409,
    message: 'That account is already connected to another Corkboard account.',
  },
  SOCIAL_VOLUNTARILY_DEACTIVATED: {
    code: 1011,
    httpStatus: 403,
    message: 'You deactivated this account. Continue with Google to reactivate it.',
  },
  SSO_STATE_INVALID: {
    code: 1041,
    httpStatus: 400,
    message: 'That single sign-on attempt has expired or was already used. Please try again.',
  },
  SSO_NO_TOKENS: { code: 1042, httpStatus: 502, message: 'No tokens returned' },
  SSO_EMAIL_MISMATCH: {
    code: 1043,
    httpStatus: 403,
    message: 'Your identity provider signed you in with a different email address.',
  },
  SOCIAL_FACEBOOK_CONNECTED: {
    code: 1050,
    httpStatus: 409,
    message: 'Your account is connected to Facebook - use the Facebook button to log in',
  },

  // 1100–1199: account security — two-factor sign-in and its settings (issue 9,
  // docs/decisions/041).
  AUTH_MFA_REQUIRED: {
    code: 1100,
    httpStatus: 401,
    message: 'Two-factor authentication required',
  },
  AUTH_MFA_CODE_INVALID: {
    code: 1101,
    httpStatus: 400,
    message: "That code didn't work. Check it and try again.",
  },
  AUTH_MFA_CHALLENGE_EXPIRED: {
    code: 1102,
    httpStatus: 400,
    message: 'That code has expired. Log in again to get a new one.',
  },
  AUTH_MFA_RESEND_LIMITED: {
    code: 1103,
    httpStatus: 429,
    message: "You've asked for a lot of codes. Please wait a little and try again.",
  },
  AUTH_MFA_TOO_MANY_CODES: {
    code: 1104,
    httpStatus: 429,
    message: 'Too many wrong codes. Try again in an hour.',
  },
  SMS_UNAVAILABLE: {
    code: 1110,
    httpStatus: 503,
    message: "We can't send text messages right now. Try an authenticator app instead.",
  },
  SMS_NUMBER_INVALID: {
    code: 1111,
    httpStatus: 400,
    message:
      "That doesn't look like a mobile number. Include the country code, like +1 555 010 9999.",
  },
  REAUTH_REQUIRED: {
    code: 1120,
    httpStatus: 403,
    message: "Confirm it's you to change your security settings.",
  },
  REAUTH_FAILED: {
    code: 1121,
    httpStatus: 400,
    message: "That didn't match. Try again.",
  },
  MFA_FACTOR_EXISTS: {
    code: 1122,
    httpStatus: 409,
    message: "That's already set up.",
  },
  MFA_FACTOR_NOT_FOUND: {
    code: 1123,
    httpStatus: 404,
    message: "We couldn't find that sign-in method.",
  },
  // 1990–2009: passkeys (WebAuthn) as a second factor and a passwordless log-in (issue 9,
  // docs/decisions/166).
  PASSKEY_CHALLENGE_INVALID: {
    code: 1990,
    httpStatus: 400,
    message: 'That passkey request has expired or was already used. Try again.',
  },
  PASSKEY_VERIFICATION_FAILED: {
    code: 1991,
    httpStatus: 400,
    message: "We couldn't verify that passkey. Try again.",
  },
  PASSKEY_NOT_FOUND: {
    code: 1992,
    httpStatus: 404,
    message: "We couldn't find that passkey.",
  },
  PASSKEY_LIMIT_REACHED: {
    code: 1993,
    httpStatus: 409,
    message: "You've added as many passkeys as you can. Remove one first.",
  },
  PASSKEY_ALREADY_REGISTERED: {
    code: 1994,
    httpStatus: 409,
    message: 'That passkey is already added to an account.',
  },
  PASSKEY_COUNTER_INVALID: {
    code: 1995,
    httpStatus: 400,
    message: "We couldn't verify that passkey. It may have been copied; use another way in.",
  },
  PASSKEY_UNKNOWN: {
    code: 1996,
    httpStatus: 400,
    message: "That passkey isn't linked to a Corkboard account. Log in another way.",
  },
  // 1800–1829: account settings (issue 9 "Account settings"; docs/decisions/148–150).
  USERNAME_INVALID: {
    code: 1800,
    httpStatus: 400,
    message: 'Use 3 to 30 letters, numbers or underscores.',
  },
  USERNAME_RESERVED: {
    code: 1801,
    httpStatus: 400,
    message: "That username isn't available.",
  },
  USERNAME_TAKEN: {
    code: 1802,
    httpStatus: 409,
    message: 'That username is taken. Try another.',
  },
  PROFILE_WEBSITE_INVALID: {
    code: 1803,
    httpStatus: 400,
    message: "That doesn't look like a website address.",
  },
  PASSWORD_CURRENT_INCORRECT: {
    code: 1804,
    httpStatus: 400,
    message: 'The password you entered is incorrect.',
  },
  PASSWORD_ALREADY_SET: {
    code: 1805,
    httpStatus: 409,
    message: 'You already have a password. Change it instead.',
  },
  EMAIL_CHANGE_SAME: {
    code: 1806,
    httpStatus: 400,
    message: "That's already your email.",
  },
  EMAIL_CHANGE_TOKEN_INVALID: {
    code: 1807,
    httpStatus: 400,
    message: 'This link has expired or was already used. Ask for a new one.',
  },
  CONNECTED_ACCOUNT_NOT_FOUND: {
    code: 1808,
    httpStatus: 404,
    message: "That account isn't connected.",
  },
  CONNECTED_ACCOUNT_LAST_WAY_IN: {
    code: 1809,
    httpStatus: 409,
    message: 'Set a password first: this is the only way you can log in.',
  },
  SESSION_NOT_FOUND: {
    code: 1810,
    httpStatus: 404,
    message: "We couldn't find that session.",
  },
  SESSION_IS_CURRENT: {
    code: 1811,
    httpStatus: 400,
    message: 'To end this session, log out.',
  },
  /**
   * auth.md §2 "one of two soft-ban codes": the second one. AUTH_SOFT_BANNED (347) answers a login
   * to a protected account; this one marks the protection notice's link (`?aec=1813`), which
   * opens the same 'We protected your account' dialog (docs/decisions/148).
   */
  AUTH_SOFT_BANNED_NOTICE: {
    code: 1813,
    httpStatus: 403,
    message:
      'We protected your account: your password was reset and you were logged out on all devices.',
  },
  DEACTIVATE_REAUTH_REQUIRED: {
    code: 1812,
    httpStatus: 403,
    message: 'Enter your password to deactivate your account.',
  },
  // 1900–1949: experiments admin (docs/decisions/120) and the visitors' performance log (121)
  EXPERIMENT_NOT_FOUND: {
    code: 1900,
    httpStatus: 404,
    message: 'There is no experiment with that name.',
  },
  EXPERIMENT_GROUP_UNKNOWN: {
    code: 1901,
    httpStatus: 400,
    message: 'That group is not part of this experiment.',
  },
  EXPERIMENT_ALLOCATION_INVALID: {
    code: 1902,
    httpStatus: 400,
    message: 'Give every group of the experiment once, with shares that add up to 100%.',
  },
  EXPERIMENT_OVERRIDE_USER_NOT_FOUND: {
    code: 1903,
    httpStatus: 404,
    message: 'There is no one with that username.',
  },
  EXPERIMENT_OVERRIDES_FULL: {
    code: 1904,
    httpStatus: 409,
    message: 'This experiment has as many overrides as it can hold. Remove some first.',
  },
  EXPERIMENT_OVERRIDE_NOT_FOUND: {
    code: 1905,
    httpStatus: 404,
    message: 'That person has no override in this experiment.',
  },
  PERFORMANCE_REPORT_VISITORS_ONLY: {
    code: 1910,
    httpStatus: 403,
    message: 'Performance reports are collected from signed-out visitors only.',
  },
  // 1970–1989: account switching and connected accounts (issue 9; docs/decisions/161–165, 188)
  ACCOUNT_SWITCH_NOT_HELD: {
    code: 1970,
    httpStatus: 404,
    message: "You're not logged in to that account here. Log in to add it.",
  },
  ACCOUNT_SWITCH_LIMIT: {
    code: 1971,
    httpStatus: 409,
    message:
      "You've added as many accounts as you can switch between here. Log out of one to add another.",
  },
  CONNECTED_ACCOUNT_REAUTH_REQUIRED: {
    code: 1972,
    httpStatus: 403,
    message: 'Enter your password to disconnect this account.',
  },
  /** ADR 188: the provider account already lets another Corkboard account in. */
  CONNECTED_ACCOUNT_LINKED_ELSEWHERE: {
    code: 1973,
    httpStatus: 409,
    message:
      'That account is already connected to another Corkboard account. Log in to that account and disconnect it there first.',
  },
  /** ADR 188: one account per provider; another one of this provider is connected already. */
  CONNECTED_ACCOUNT_PROVIDER_TAKEN: {
    code: 1974,
    httpStatus: 409,
    message: 'You already have an account of this kind connected. Disconnect it first.',
  },
  CONNECT_ACCOUNT_REAUTH_REQUIRED: {
    code: 1975,
    httpStatus: 403,
    message: 'Enter your password to connect this account.',
  },
  // 1950–1969: identity providers registered by organisations, and their domain proofs (issue 9,
  // docs/decisions/154–156).
  SSO_PROVIDER_NOT_FOUND: {
    code: 1950,
    httpStatus: 404,
    message: "We couldn't find that identity provider.",
  },
  SSO_PROVIDER_SLUG_TAKEN: {
    code: 1951,
    httpStatus: 409,
    message: 'Another identity provider already uses this short name.',
  },
  SSO_ISSUER_UNREACHABLE: {
    code: 1952,
    httpStatus: 400,
    message: "We couldn't read this issuer's OpenID configuration. Check the issuer URL.",
  },
  SSO_DOMAIN_INVALID: {
    code: 1953,
    httpStatus: 400,
    message: "That doesn't look like an email domain.",
  },
  SSO_DOMAIN_TAKEN: {
    code: 1954,
    httpStatus: 409,
    message: 'This domain already belongs to an identity provider.',
  },
  SSO_DOMAIN_NOT_FOUND: {
    code: 1955,
    httpStatus: 404,
    message: "We couldn't find that domain.",
  },
  SSO_DOMAIN_PROOF_FAILED: {
    code: 1956,
    httpStatus: 400,
    message:
      "We couldn't find the TXT record on this domain yet. DNS changes can take a while; try again later.",
  },
  SSO_DOMAIN_EMAIL_INVALID: {
    code: 1957,
    httpStatus: 400,
    message:
      'Send the proof to admin, administrator, hostmaster, postmaster or webmaster at this domain.',
  },
  SSO_DOMAIN_LINK_INVALID: {
    code: 1958,
    httpStatus: 400,
    message: 'This link has expired or was already used. Ask for a new one.',
  },
  SSO_PROVIDERS_FULL: {
    code: 1959,
    httpStatus: 409,
    message: 'There are as many identity providers as the server holds. Remove one first.',
  },
  SSO_DOMAINS_FULL: {
    code: 1960,
    httpStatus: 409,
    message: 'This identity provider has as many domains as it can hold. Remove one first.',
  },
  SSO_DOMAIN_ALREADY_VERIFIED: {
    code: 1961,
    httpStatus: 409,
    message: 'This domain is already verified.',
  },
  // 1962–1969: organisations register their own identity providers (docs/decisions/190).
  SSO_DOMAIN_PROVEN_ELSEWHERE: {
    code: 1962,
    httpStatus: 409,
    message:
      'Another organisation has already proven that it owns this domain. If it is yours, contact us.',
  },
  SSO_BUSINESS_PROVIDERS_FULL: {
    code: 1963,
    httpStatus: 409,
    message: 'Your business has as many identity providers as it can hold. Remove one first.',
  },
  // 1260–1289: saving details (issue 10 "Spec details still open"; docs/decisions/131–134).
  SECTION_PIN_IMPORT_TOO_MANY: {
    code: 1260,
    httpStatus: 400,
    message:
      'This board has too many Pins outside sections to move at once. Move them with Organise instead.',
  },
} as const satisfies Record<string, ErrorCodeDefinition>;

export type ErrorCodeName = keyof typeof ERROR_CODES;
