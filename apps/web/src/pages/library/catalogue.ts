import strings from "../../i18n/en/on-demand/library.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

// The library's strings (its pages, the upload and edit dialogs the editor opens too) load with
// the code that shows them, not with every page.
addOnDemandCatalogue(strings);
