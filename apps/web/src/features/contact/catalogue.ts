import strings from "../../i18n/en/on-demand/content-contact.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

addOnDemandCatalogue(strings);
