export { runDraftLimitCheck } from "./check";
export { DraftLimitHost } from "./DraftLimitHost";
export { closeDraftLimitDialog, openDraftLimitDialog } from "./store";
export { useStartNewSpace } from "./use-start-new-space";
