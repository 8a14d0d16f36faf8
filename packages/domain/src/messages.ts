// The English catalogue: every quoted user-facing string of both spec documents, verbatim,
// grouped by area. The web loads it into i18next (single-brace interpolation) and the server
// answers with the same strings, so a message is written once, here.
//
// Placeholders keep the spec's form: {0}, {min}, {value}, {host}, {text}; `formatMessage`
// (rules/format-message.ts) fills them. Strings marked "Atrium wording" are ones the spec
// requires but does not quote; everything else is the spec's text.
//
// The catalogue is split by area (messages/*.ts): `coreMessages` is what any page may show; the
// web loads it at start and each other area with the pages that show it (apps/web/src/i18n/
// areas/), so that the home page does not carry the district wizard's strings. The server and
// the domain's rules read them through `messages`, or the area they need.

import { accountMessages } from "./messages/account";
import { contactFormMessages } from "./messages/contact-form";
import { coreMessages } from "./messages/core";
import { districtMessages } from "./messages/district";
import { dropzoneMessages } from "./messages/dropzone";
import { planMessages } from "./messages/plans";
import { publishMessages } from "./messages/publish";
import { settingsMessages } from "./messages/settings";
import { shareMessages } from "./messages/share";
import { shellMessages } from "./messages/shell";
import { subscriptionMessages } from "./messages/subscription";
import { viewerMessages } from "./messages/viewer";

export const messages = {
  ...coreMessages,
  contactForm: contactFormMessages,
  dropzone: dropzoneMessages,
  publish: publishMessages,
  district: districtMessages,
  viewer: viewerMessages,
  share: shareMessages,
  shell: shellMessages,
  settings: settingsMessages,
  account: accountMessages,
  subscription: subscriptionMessages,
  plans: planMessages,
} as const;

export type Messages = typeof messages;
