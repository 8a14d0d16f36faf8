import { viewerMessages } from "@atrium/domain/messages/viewer";
import { addOnDemandCatalogue } from "../on-demand";

// The viewer area of the domain's catalogue (@atrium/domain/messages/*), added to i18next when
// the code that shows it loads: every module whose strings are under `viewer.` imports this one
// (areas.test.ts checks it), so the home page does not carry them.
addOnDemandCatalogue({ viewer: viewerMessages });
