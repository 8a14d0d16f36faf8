import type { LibrarySection as Section } from "@atrium/domain/entities/library-asset";
import type { ComponentType } from "react";
import { LibrarySection } from "./LibrarySection";

/** What the account area hands each of its sections (features/account-sections/registry.ts). */
export interface AccountSectionLikeProps {
  profile: { userId: string; name: string };
  isOwner: boolean;
  title: string;
}

/** The account area's component for one library section, for its registry's `load`. */
export function librarySectionFor(section: Section): ComponentType<AccountSectionLikeProps> {
  function AccountLibrarySection({ profile }: AccountSectionLikeProps) {
    return <LibrarySection userId={profile.userId} section={section} ownerName={profile.name} />;
  }
  AccountLibrarySection.displayName = `LibrarySection(${section})`;
  return AccountLibrarySection;
}
