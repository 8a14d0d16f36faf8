import { accountMessages } from "@atrium/domain/messages/account";
import { planMessages } from "@atrium/domain/messages/plans";
import { settingsMessages } from "@atrium/domain/messages/settings";
import { shellMessages } from "@atrium/domain/messages/shell";
import { subscriptionMessages } from "@atrium/domain/messages/subscription";
import accounts from "../en/on-demand/accounts.json";
import { addOnDemandCatalogue } from "../on-demand";

// The account's strings: the domain's shell (menus, user menu), settings, account, subscription
// and plans areas (@atrium/domain/messages/*) and the web's own (en/on-demand/accounts.json:
// sign-in, settings, profile, the account sections), added to i18next when the code that shows
// them loads: every module whose strings are under those keys imports this one (areas.test.ts
// checks it), so the home page does not carry them.
addOnDemandCatalogue({
  shell: shellMessages,
  settings: settingsMessages,
  account: accountMessages,
  subscription: subscriptionMessages,
  plans: planMessages,
});
addOnDemandCatalogue(accounts);
