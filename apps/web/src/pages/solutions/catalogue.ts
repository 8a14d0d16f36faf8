import strings from "../../i18n/en/on-demand/content-solutions.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

addOnDemandCatalogue(strings);
