// The publish area of the English catalogue (see ../messages.ts): the web loads it with the
// pages that show it (apps/web/src/i18n/areas.ts), the server through `messages`.
export const publishMessages = {
  steps: {
    spaceInfo: "spaceInfo",
    placement: "placement",
    privacy: "privacy",
    communication: "communication",
    publish: "publish",
  },
  noAvailableSlot: "There is no available slot.",
  assignSlot: "Please assign your space to a slot to proceed.",
  insufficientCredits: "Insufficient credits to publish. Select a credit package to proceed.",
} as const;
