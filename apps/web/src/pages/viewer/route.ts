export { ViewerPage as Component } from "./ViewerPage";
