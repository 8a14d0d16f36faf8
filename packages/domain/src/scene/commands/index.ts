export { CommandError, runCommand, type SceneCommand } from "./command";
export { composeCommands } from "./compose";
export {
  type CaptureMode,
  type ExecuteOptions,
  SceneHistory,
  type SceneHistorySnapshot,
} from "./history";
export {
  type AnyItem,
  addItem,
  duplicateItems,
  findItem,
  ITEM_SCHEMAS,
  type ItemInput,
  type ItemOf,
  type ItemRef,
  removeItems,
  setItemsLocked,
  type TransformChange,
  transformItems,
  updateItem,
} from "./items";
export { applyPatch, compactSets, getIn, PatchError, type PatchOp, type Path } from "./patch";
export {
  addLevel,
  addOpening,
  addRoom,
  addWall,
  removeLevel,
  removeOpening,
  removeWall,
  replaceDocument,
  setEnvironment,
  setStartingPoint,
  setTemplateStyle,
  switchToCustomSpace,
  switchToSpaceTemplate,
  updateLevel,
  updateOpening,
  updateWall,
} from "./structure";
export { addGuidedTour, removeGuidedTour } from "./tours";
