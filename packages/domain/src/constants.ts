// The spec's business constants and limits (spec 2 §9, spec 1 §1-§6). Server and web read
// these from here so a limit changes in one place.

/** Pages of results: `cp` counts from 0, `ipp` defaults to the spec's page size and is capped. */
export const PAGE_SIZE_DEFAULT = 9;
export const PAGE_SIZE_MAX = 60;

const MEBIBYTE = 1024 * 1024;
/** Default file drop limit: 3 MB. */
export const FILE_MAX_BYTES_DEFAULT = 3 * MEBIBYTE;
/** Default 3D model upload limit (spec 1 §5: 4194304 bytes). */
export const MODEL_MAX_BYTES = 4_194_304;
/** Only one model file (zip, glb, obj or gltf) per upload. */
export const MODEL_FILE_EXTENSIONS = ["zip", "glb", "obj", "gltf"] as const;
/** Everything a model upload may contain: the model, its companions, and images as textures. */
export const MODEL_ACCEPTED_EXTENSIONS = ["bin", "glb", "obj", "gltf", "mtl", "zip"] as const;
export const VIDEO_ACCEPTED_TYPES = ["video/mp4"] as const;
export const AUDIO_ACCEPTED_TYPES = ["audio/wav", "audio/mpeg"] as const;

/** Credits, the internal currency. */
export const SLOT_KEEP_ALIVE_CREDITS = 600;
/** What 600 credits cost in euro cents (spec 2 §9.2: 600 credits = 60 euro). */
export const SLOT_KEEP_ALIVE_EURO_CENTS = 6000;
export const EXTRA_LEVEL_CREDITS = 50;
export const FREE_SLOT_DURATION_MONTHS = 1;
/** A free slot card shows its expiry this many days after sign-up. */
export const FREE_SLOT_EXPIRY_DAYS = 30;
export const CREDIT_BUNDLE_FILTER_MAX = 3;
export const CREDIT_BUNDLE_ICON_COUNT = 4;
export const PURCHASE_CURRENCY_DEFAULT = "EUR";

/** Drafts per plan; `null` means unlimited (Pro). */
export const DRAFT_LIMITS = { free: 2, standard: 5, pro: null } as const;

/** Wall height in metres. */
export const WALL_HEIGHT_METRES = 4;

/** Users who can interact in one scene instance; the next visitor gets a new instance. */
export const INSTANCE_CAPACITY = 25;

export const TIMEOUTS = {
  pageLoadMs: 60_000,
  chunkLoadMs: 120_000,
  playerReadyPollMs: 300,
  playerReadyGiveUpMs: 5_000,
  hubConnectRetries: 3,
  carouselIntervalMs: 3_000,
  shellToastMs: 600,
  shellToastShortMs: 400,
  toastDefaultMs: 3_000,
  toastInfoMs: 4_000,
  toastWarningMs: 4_000,
  toastDraftLimitMs: 5_000,
  searchDebounceMs: 200,
  titleDebounceMs: 200,
  chatGroupingMs: 10 * 60 * 1000,
  scrollDebounceMs: 100,
  loadingDotsMs: 1_000,
  sliderTransitionMs: 500,
  autosaveIntervalMs: 30_000,
} as const;

/** The chat's scroll-to-bottom button appears this far from the end. */
export const CHAT_SCROLL_THRESHOLD_PX = 80;

/** Popovers (select and menu dropdowns, tooltips) open above modals: a picker in a dialog. */
export const Z_INDEX = {
  modal: 10_000_001,
  popover: 10_000_002,
  sideDrawer: 1001,
  topDrawer: 100,
} as const;

export const BREAKPOINTS = {
  xs: "32.5em",
  sm: "57.5em",
  md: "83.75em",
  lg: "95em",
  xl: "160em",
} as const;
export const BURGER_MAX_WIDTH_PX = 1023;
export const CONTAINER_MAX_WIDTH_PX = 1528;
export const THEME = { primaryColor: "#3DABFF", radius: "xl", fontFamily: "Urbanist" } as const;

export const RESOURCES_SIDEBAR = { openWidth: "200px", closedWidth: "5%" } as const;
export const SIDE_DRAWER_DEFAULT_SIZE = "27%";
export const TOOLTIP_DEFAULT_WIDTH = 1000;

export const EMBED_IFRAME = { width: 700, height: 500 } as const;
export const IMAGE_SLIDER = { heightPx: 442, thumbnailWidthPx: 62, thumbnailHeightPx: 46 } as const;

export const GRAPHICS_QUALITY_LEVELS = ["Lowest", "Low", "Medium", "High", "Ultra", "Max"] as const;
export type GraphicsQuality = (typeof GRAPHICS_QUALITY_LEVELS)[number];
export const FILTERING_MODES = ["Low", "Medium", "High"] as const;
export type FilteringMode = (typeof FILTERING_MODES)[number];
export const MEASUREMENT_UNITS = ["Inches", "Meters"] as const;
export type MeasurementUnit = (typeof MEASUREMENT_UNITS)[number];
export const EMOTES = [
  "Wave",
  "Clap",
  "Thumbs up",
  "Backflip",
  "Victory",
  "Finger Guns",
  "Crazy",
  "Macarena",
  "Hip Hop",
] as const;
export type Emote = (typeof EMOTES)[number];

/** Explore sort keys; their labels ('Date Published', 'Views', 'Likes') are in the catalogue. */
export const SORT_OPTIONS = ["datePublished", "views", "likes"] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];
export const VIEW_MODES = ["grid", "list"] as const;
export const VIEW_MODE_DEFAULT = "grid";

export const CONNECTION_STATES = [
  "Connected",
  "Connecting",
  "Disconnected",
  "Reconnecting",
] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const VOLUME = { min: 0, max: 100, default: 100 } as const;
/** Avatar groups show this many avatars, then "+N". */
export const AVATAR_GROUP_VISIBLE = 2;

export const SPACE_TITLE_MAX_LENGTH = 100;
export const DISTRICT_TITLE_LENGTH = { min: 2, max: 50 } as const;
export const SUBDOMAIN_LENGTH = { min: 2, max: 50 } as const;
/** A DNS label is 1 to 63 characters; the form's 2..50 is the stricter bound. */
export const SUBDOMAIN_LABEL_MAX_LENGTH = 63;
export const RESERVED_SUBDOMAINS = ["www", "api", "auth"] as const;
/** How long a district invitation link works (Atrium's choice: the spec names no duration). */
export const DISTRICT_INVITATION_DAYS = 14;
/** Space slots a new district comes with (Atrium's choice: one, for its free premade space). */
export const DISTRICT_INCLUDED_SLOTS = 1;
/** Most extra slots one cart line buys; most premade spaces one cart holds. */
export const DISTRICT_CART_SLOTS_MAX = 50;
export const DISTRICT_CART_TEMPLATES_MAX = 20;
export const DISTRICT_DESCRIPTION_MAX_LENGTH = 2000;
export const DISTRICT_SUBTITLE_MAX_LENGTH = 100;
export const GROUP_TITLE_MAX_LENGTH = 100;

export const KEYWORD_MIN_LENGTH = 2;
export const TAG_COUNT = { min: 3, max: 10 } as const;
export const ARRAY_ITEMS = { min: 3, max: 10 } as const;
export const MIN_DURATION_SECONDS_DEFAULT = 3;
export const DURATION_MAX_SECONDS = 59 * 60 + 59;
export const TIME_PART_MAX = 59;
export const NUMBER_INPUT_STEP_DEFAULT = 1;

export const CROP = {
  zoom: { min: 1, max: 3, step: 0.1 },
  rotation: { min: 0, max: 360 },
  aspect: 1,
} as const;

export const TEXT_FONT_SIZE_DEFAULT = 60;
export const SHADER_PREWARM = 0.05;
export const MODEL_ZOOM = { legacy: 2, normal: 1 } as const;
export const DEFAULT_LANGUAGE = "en";
export const ENVIRONMENTS = ["development", "test", "production"] as const;

/**
 * The walking visitor in the viewer, in metres: a vertical cylinder that steps onto floors and
 * object tops up to `stepUp` higher. Catalogue stairs rise less than `stepUp` per step.
 */
export const VISITOR_BODY = { radius: 0.3, height: 1.8, stepUp: 0.4 } as const;

/** The space cards' live visitor counts (GET communicationInteractionService/livevisitorcount):
 * at most this many spaces a call, and polled this often while cards are shown. */
export const LIVE_COUNT_MAX_SPACES = 100;
export const LIVE_COUNT_POLL_MS = 20_000;
