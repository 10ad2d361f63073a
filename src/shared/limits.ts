/** Business limits of the product spec (section 9): lengths, sizes, pages, year ranges. Shared by client and server. */
export const PASSWORD_MIN_LENGTH = 5;
/** Not in the spec: a ceiling so that hashing cannot be used to exhaust the server. */
export const PASSWORD_MAX_LENGTH = 128;
export const MINIMUM_AGE_YEARS = 15;
export const REGISTRATION_YEAR_FIRST = 2029;
export const REGISTRATION_YEAR_LAST = 1901;
export const PROFILE_YEAR_FIRST = 2040;
export const PROFILE_YEAR_LAST = 1900;
export const POST_MAX_LENGTH = 150;
export const POSTS_PER_PAGE = 5;
/** Not in the spec: the members who like a post, a page at a time (the list's modal). */
export const LIKERS_PER_PAGE = 20;
export const NEWS_TEXT_LENGTH = 120;
export const IMAGE_UPLOAD_MAX_BYTES = 3_000_000;
/** Not in the spec: every body but an upload (JSON, forms) stops here; no action needs more than a few KB. */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;
export const SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_PICTURE = "default.png";
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
