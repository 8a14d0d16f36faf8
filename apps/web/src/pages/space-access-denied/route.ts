export { SpaceAccessDeniedPage as Component } from "./SpaceAccessDeniedPage";
