import strings from "../../i18n/en/on-demand/spaces.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

// The spaces strings (cards, explore, share, likes and comments, the draft-limit dialog) load
// with the code that shows them, not with every page.
addOnDemandCatalogue(strings);
