import type { LibrarySection as Section } from "@atrium/domain/entities/library-asset";
import { lazy } from "react";

// The library sections of the account area, each loaded when first shown. The account area's
// section registry plugs these in under /user/{userId}/library/{section}.

export type { LibrarySectionProps } from "./LibrarySection";

export const LIBRARY_SECTION_ORDER: readonly Section[] = [
  "images",
  "videos",
  "3d-models",
  "audio",
  "3d-texts",
  "3d-hypertexts",
  "webviews",
];

export const LazyLibrarySection = lazy(() =>
  import("./LibrarySection").then((module) => ({ default: module.LibrarySection })),
);
