import type { LibrarySection as Section } from "@atrium/domain/entities/library-asset";
import type { ComponentType } from "react";
import type { AccountSectionProps } from "../../features/account-sections/registry";
import { LibrarySection } from "./LibrarySection";

/** The account area's component for one library section, for its registry's `load`. */
export function librarySectionFor(section: Section): ComponentType<AccountSectionProps> {
  function AccountLibrarySection({ profile }: AccountSectionProps) {
    return <LibrarySection userId={profile.userId} section={section} ownerName={profile.name} />;
  }
  AccountLibrarySection.displayName = `LibrarySection(${section})`;
  return AccountLibrarySection;
}
