import { BREAKPOINTS, CONTAINER_MAX_WIDTH_PX, Z_INDEX } from "@atrium/domain/constants";
import { createTheme, type MantineColorsTuple } from "@mantine/core";

// The spec's theme language (spec 2 §9.3): primary #3DABFF, radius xl, Urbanist,
// its breakpoints, container width and layering of modals and drawers.
const atriumBlue: MantineColorsTuple = [
  "#eff8ff",
  "#dcf0ff",
  "#c1e4ff",
  "#a2d7ff",
  "#83c9ff",
  "#60baff",
  "#3dabff",
  "#3393de",
  "#297cbe",
  "#1f649d",
];

export const theme = createTheme({
  primaryColor: "atrium",
  primaryShade: 6,
  colors: { atrium: atriumBlue },
  defaultRadius: "xl",
  fontFamily: "Urbanist, system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
  headings: { fontFamily: "Urbanist, system-ui, -apple-system, Segoe UI, Roboto, sans-serif" },
  breakpoints: BREAKPOINTS,
  components: {
    Container: { defaultProps: { size: CONTAINER_MAX_WIDTH_PX } },
    Modal: { defaultProps: { zIndex: Z_INDEX.modal, closeOnEscape: false } },
    Drawer: { defaultProps: { zIndex: Z_INDEX.sideDrawer, size: "27%" } },
  },
});
