import { publishMessages } from "@atrium/domain/messages/publish";
import { addOnDemandCatalogue } from "../on-demand";

// The publish area of the domain's catalogue (@atrium/domain/messages/*), added to i18next when
// the code that shows it loads: every module whose strings are under `publish.` imports this one
// (areas.test.ts checks it), so the home page does not carry them.
addOnDemandCatalogue({ publish: publishMessages });
