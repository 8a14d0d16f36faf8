import strings from "../../i18n/en/on-demand/content-resources.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

// the resources pages' strings load with the first of them
addOnDemandCatalogue(strings);
