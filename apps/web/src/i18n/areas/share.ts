import { shareMessages } from "@atrium/domain/messages/share";
import { addOnDemandCatalogue } from "../on-demand";

// The share area of the domain's catalogue (@atrium/domain/messages/*), added to i18next when
// the code that shows it loads: every module whose strings are under `share.` imports this one
// (areas.test.ts checks it), so the home page does not carry them.
addOnDemandCatalogue({ share: shareMessages });
