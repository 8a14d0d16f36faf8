// The plans area of the English catalogue (see ../messages.ts): the plans' names and what each
// includes (read through plans.ts and rules/plan-role.ts).
// The web loads it with the account's pages (apps/web/src/i18n/areas/account.ts), the server
// through `messages`.
export const planMessages = {
  free: "Free",
  starter: "Starter",
  starterTrial: "Starter Trial",
  standard: "Standard",
  pro: "Pro",
  custom: "Custom",
  roleLabels: { free: "FREE", standard: "STANDARD", pro: "PRO" },
  // Atrium wording: what each plan includes (spec 1 §1), read through plans.ts.
  features: {
    starterTrial: "One-month Starter Trial",
    twoDrafts: "Up to 2 drafts",
    oneTrialSlot: "1 publishing slot for 1 month",
    allContentTypes: "Pictures, videos, 3D models, texts and guided tours",
    shareAndEmbed: "Share links and embed codes",
    everythingInFree: "Everything in Free",
    fiveDrafts: "Up to 5 drafts",
    privacy: "Privacy: choose who can view each space",
    customCommunication: "Custom communication: choose who can chat and talk",
    everythingInStandard: "Everything in Standard",
    fourFreeSlots: "4 free publishing slots",
    freePremadeSpace: "1 free premade space",
    districts: "Access to districts on your own subdomain",
    brandedSpaces: "Branded spaces with your logo, colours and fonts",
    userManagement: "User management: members, roles, groups and invitations",
    unlimitedDrafts: "Unlimited drafts",
  },
} as const;
