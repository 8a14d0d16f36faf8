// The subscription area of the English catalogue (see ../messages.ts): a subscription's status.
// The web loads it with the account's pages (apps/web/src/i18n/areas/account.ts), the server
// through `messages`.
export const subscriptionMessages = {
  // Atrium wording: the spec names the statuses, not their labels.
  status: { active: "Active", canceled: "Canceled", expired: "Expired" },
  autoRenewal: "Auto-renewal",
} as const;
