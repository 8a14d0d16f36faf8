import type { PublicProfile } from "@atrium/domain";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { AccountSection, AccountSectionProps } from "../../features/account-sections/registry";
import { GuardLoading } from "../../features/auth/RequireSignIn";

// one lazy component per section for the app's lifetime: made during render, a lazy component
// would be new on every retry of a suspended render and never finish loading
const loaded = new Map<AccountSection, LazyExoticComponent<ComponentType<AccountSectionProps>>>();
function contentOf(section: AccountSection) {
  let component = loaded.get(section);
  if (!component) {
    component = lazy(section.load);
    loaded.set(section, component);
  }
  return component;
}

/** Loads and shows one section of the account area (see the registry). */
export function SectionView({
  section,
  profile,
  isOwner,
}: {
  section: AccountSection;
  profile: PublicProfile;
  isOwner: boolean;
}) {
  const { t } = useTranslation();
  const Content = contentOf(section);
  return (
    <Suspense fallback={<GuardLoading />}>
      <Content profile={profile} isOwner={isOwner} title={t(section.labelKey)} />
    </Suspense>
  );
}
