export { runDraftLimitCheck, startNewSpace } from "./check";
export { DraftLimitHost } from "./DraftLimitHost";
export { closeDraftLimitDialog, openDraftLimitDialog } from "./store";
export { useStartNewSpace } from "./use-start-new-space";
