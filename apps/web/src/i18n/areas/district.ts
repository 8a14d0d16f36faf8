import { districtMessages } from "@atrium/domain/messages/district";
import { addOnDemandCatalogue } from "../on-demand";

// The district area of the domain's catalogue (@atrium/domain/messages/*), added to i18next when
// the code that shows it loads: every module whose strings are under `district.` imports this one
// (areas.test.ts checks it), so the home page does not carry them.
addOnDemandCatalogue({ district: districtMessages });
