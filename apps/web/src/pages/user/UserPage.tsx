import { Container, Grid, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { fetchProfile } from "../../api/accounts";
import { ApiError } from "../../api/client";
import { userPath } from "../../app/paths";
import { NotFound } from "../../app/shell/NotFound";
import { PageMeta } from "../../app/shell/PageMeta";
import { canSee, findCategory, findSection } from "../../features/account-sections/registry";
import { GuardLoading } from "../../features/auth/RequireSignIn";
import { useMe } from "../../features/auth/use-me";
import { PublishedSpacesSection } from "../../features/spaces/account-sections";
import { AccountNav } from "./AccountNav";
import { ProfileAbout } from "./ProfileAbout";
import { ProfileHeader } from "./ProfileHeader";
import { SectionView } from "./SectionView";
import "../../features/spaces/catalogue";

export function UserPage({
  userId,
  category,
  subcategory,
}: {
  userId: string;
  category?: string | undefined;
  subcategory?: string | undefined;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const profile = useQuery({
    queryKey: ["profile", userId],
    queryFn: () => fetchProfile(userId),
  });
  if (profile.isPending || me.isPending) return <GuardLoading />;
  if (profile.error) {
    if (profile.error instanceof ApiError && profile.error.status === 404) return <NotFound />;
    throw profile.error;
  }
  const data = profile.data;
  const isOwner = me.data?.userId === userId;

  // USER/{userId}/{category} opens the category's first section the visitor may see
  const categoryEntry = category ? findCategory(category) : null;
  if (category && !categoryEntry) return <NotFound />;
  if (categoryEntry && !subcategory) {
    const first = categoryEntry.sections.find((entry) => canSee(entry, data, isOwner));
    return (
      <Navigate
        to={first ? userPath(userId, category, first.subcategory) : userPath(userId)}
        replace
      />
    );
  }
  const section = category && subcategory ? findSection(category, subcategory) : null;
  if (subcategory && !section) return <NotFound />;
  // the guard's fallback: a section this visitor may not see goes back to the profile
  if (section && !canSee(section, data, isOwner)) {
    return <Navigate to={userPath(userId)} replace />;
  }

  return (
    <>
      <PageMeta title={data.name} description={data.bio ?? undefined} />
      <ProfileHeader profile={data} isOwner={isOwner} />
      <Container py="xl" w="100%">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
            <AccountNav profile={data} isOwner={isOwner} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, md: 9 }}>
            {section ? (
              <SectionView section={section} profile={data} isOwner={isOwner} />
            ) : (
              <Stack gap="xl">
                <ProfileAbout profile={data} />
                {/* the profile lists the user's published spaces (issue 4) */}
                <PublishedSpacesSection
                  profile={data}
                  isOwner={isOwner}
                  title={t("spaces.profilePublished")}
                />
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
