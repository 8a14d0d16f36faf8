import catalogue from "../../i18n/en/on-demand/editor.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

/** The editor's strings travel with the editor's code, not in every page's bundle. */
export function loadEditorCatalogue() {
  addOnDemandCatalogue(catalogue);
}
