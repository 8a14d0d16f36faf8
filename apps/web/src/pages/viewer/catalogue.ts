import strings from "../../i18n/en/on-demand/viewer.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

addOnDemandCatalogue(strings);
