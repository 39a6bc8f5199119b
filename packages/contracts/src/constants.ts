/** Business constants of spec section 9, one place for each. */
export const TRIAL_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const TEXT_LIMITS = {
  name: 50,
  organization: 50,
  memberEmail: 320,
  roleName: 40,
  textarea: 500,
  inlineName: 80,
} as const;

export const PASSWORD_MIN_LENGTH = 8;

export const PAGE_SIZES = {
  members: 10,
  instances: 10,
  events: 10,
  activities: 10,
  invoicesTable: 10,
  invoicesFetch: 30,
  audit: 20,
  default: 10,
} as const;

export const TIMINGS_MS = {
  searchDebounce: 500,
  activitySearchDebounce: 250,
  statusPoll: 10_000,
  healthPoll: 30_000,
  listRecheck: 5 * 60_000,
  stale: 10 * 60_000,
  recent: 10 * 60_000,
  monitoringRefresh: 60_000,
  tabHiddenRefetch: 300_000,
  storagePoll: 1_000,
  toastAutoClose: 3_000,
  tooltipDelay: 500,
  copyFeedback: 1_000,
  chunkLoadTimeout: 120_000,
  /** Spec section 9: the console tags its user for the session recorder, refreshing every 2 minutes. */
  sessionRecorderTag: 2 * 60_000,
} as const;

export const MODAL_WIDTHS = { tiny: 300, small: 400, large: 700, fullscreen: '100%' } as const;
export const DRAWER_WIDTHS = { billing: 428, upgrade: 500 } as const;
export const SETTINGS_MAX_WIDTH = 1360;

/** Access tokens live at most this long; the client refreshes ahead of expiry. */
export const ACCESS_TOKEN_MAX_SECONDS = 15 * 60;

/**
 * A cookie script may read that says "this browser holds a refresh cookie": set and
 * cleared by the server with the httpOnly refresh cookie, it holds no secret ("1").
 * The SPA asks /refresh for a token at start-up only when it is there, so a visit
 * without a session makes no call that fails (a 401 shows as an error in the browser).
 */
export const SESSION_HINT_COOKIE = 'signed_in';
