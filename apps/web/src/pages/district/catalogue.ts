import strings from "../../i18n/en/on-demand/district-site.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

// The district site's strings load with its code, not with every page.
addOnDemandCatalogue(strings);
