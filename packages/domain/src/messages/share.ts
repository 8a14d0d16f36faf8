// The share area of the English catalogue (see ../messages.ts): the web loads it with the
// pages that show it (apps/web/src/i18n/areas.ts), the server through `messages`.
export const shareMessages = {
  targets: {
    facebook: "Facebook",
    x: "X",
    reddit: "Reddit",
    whatsapp: "Whatsapp",
    viber: "Viber",
    email: "Email",
    linkedin: "Linkedin",
  },
  embed: "Embed",
  copyLink: "Copy link",
  embedCode: "Embed code",
  allowSignIn: "Allow sign in",
  showCommunicationOptions: "Show communication options",
} as const;
