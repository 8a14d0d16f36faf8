import { dropzoneMessages } from "@atrium/domain/messages/dropzone";
import { addOnDemandCatalogue } from "../on-demand";

// The dropzone area of the domain's catalogue (@atrium/domain/messages/*), added to i18next when
// the code that shows it loads: every module whose strings are under `dropzone.` imports this one
// (areas.test.ts checks it), so the home page does not carry them.
addOnDemandCatalogue({ dropzone: dropzoneMessages });
