export { DraftLimitHost } from "./DraftLimitHost";
export { closeDraftLimitDialog, openDraftLimitDialog } from "./store";
export { runDraftLimitCheck, useStartNewSpace } from "./use-start-new-space";
