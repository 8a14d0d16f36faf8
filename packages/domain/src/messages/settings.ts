// The settings area of the English catalogue (see ../messages.ts): the account settings' words.
// The web loads it with the account's pages (apps/web/src/i18n/areas/account.ts), the server
// through `messages`.
export const settingsMessages = {
  searchable: "searchable",
  // Atrium wording for the visibility choices the spec names in text.
  searchVisibility: "Search visibility",
  hideContentLibrary: "Hide content library",
  hideGroups: "Hide groups",
} as const;
