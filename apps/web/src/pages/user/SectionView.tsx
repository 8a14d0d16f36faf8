import type { PublicProfile } from "@atrium/domain";
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AccountSection } from "../../features/account-sections/registry";
import { GuardLoading } from "../../features/auth/RequireSignIn";

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
  // one lazy component per section, made once
  const Content = useMemo(() => lazy(section.load), [section]);
  return (
    <Suspense fallback={<GuardLoading />}>
      <Content profile={profile} isOwner={isOwner} title={t(section.labelKey)} />
    </Suspense>
  );
}
