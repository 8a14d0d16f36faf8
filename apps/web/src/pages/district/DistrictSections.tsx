import { Container, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageMeta } from "../../app/shell/PageMeta";
import { useMe } from "../../features/auth/use-me";
import { LibrarySection } from "../library/LibrarySection";
import { CreateDistrictSpaceButton } from "./CreateDistrictSpaceButton";
import { DistrictGroups } from "./DistrictGroups";
import type { DistrictContext } from "./DistrictHomePage";
import { DistrictHostingRequests, DistrictPromotion } from "./DistrictHosting";
import { DistrictInvitations, DistrictMembers } from "./DistrictMembers";
import { DistrictSettings } from "./DistrictSettings";
import { DistrictSlots } from "./DistrictSlots";
import { DistrictSpacesList, NoSlotNotice } from "./DistrictSpaces";
import { type DistrictSection, districtSectionPath, subsectionsFor } from "./sections";
import "./catalogue";

/**
 * The district site's sections (spec 2 §2.4) under the district header: a heading, the
 * subsections as tabs (as far as the visitor's role opens them), and the section itself.
 */
export default function DistrictSections({
  section,
  context,
}: {
  section: Exclude<DistrictSection, { category: "home" }>;
  context: DistrictContext;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { district, access, look } = context;
  const subs = subsectionsFor(section.category, access.role);
  const active = "sub" in section ? section.sub : null;
  const heading = t(`districtSite.nav.${section.category}`);
  return (
    <Container py="xl" w="100%">
      <PageMeta
        title={`${active ? t(`districtSite.nav.${active}`) : heading} · ${district.title}`}
        noindex={section.category === "manage" || active === "drafts" || active === "invitations"}
      />
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1} size="h2">
            {heading}
          </Title>
          {section.category === "spaces" && access.canCreateSpaces ? (
            <CreateDistrictSpaceButton districtId={district.districtId} color={look.accent} />
          ) : null}
        </Group>
        {subs.length > 1 && active ? (
          <Tabs
            value={active}
            color={look.accent}
            onChange={(value) =>
              value &&
              void navigate(districtSectionPath({ ...section, sub: value } as DistrictSection))
            }
          >
            <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto" }}>
              {subs.map((sub) => (
                <Tabs.Tab key={sub} value={sub}>
                  {t(`districtSite.nav.${sub}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        ) : null}
        <SectionContent section={section} context={context} />
      </Stack>
    </Container>
  );
}

function SectionContent({
  section,
  context,
}: {
  section: Exclude<DistrictSection, { category: "home" }>;
  context: DistrictContext;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const { district, access } = context;
  switch (section.category) {
    case "spaces":
      return section.sub === "drafts" ? (
        <Stack gap="md">
          <Text c="dimmed">{t("districtSite.spaces.draftsIntro")}</Text>
          {access.role === "Creator" ? <NoSlotNotice districtId={district.districtId} /> : null}
          <DistrictSpacesList districtId={district.districtId} state="Draft" />
        </Stack>
      ) : (
        <DistrictSpacesList districtId={district.districtId} state="Published" />
      );
    case "library":
      return (
        <LibrarySection
          key={section.sub}
          userId={district.userId}
          section={section.sub}
          district={{
            districtId: district.districtId,
            intro: access.canCreateSpaces
              ? `${t("districtSite.library.intro")} ${t("districtSite.library.uploadHint")}`
              : t("districtSite.library.intro"),
            canShare: access.canCreateSpaces,
            mayRemove: (asset) =>
              access.role === "Owner" ||
              (access.canCreateSpaces && asset.creator.userId === me.data?.userId),
            removeLabel: t("districtSite.library.remove"),
            removeTitle: (asset) =>
              t("districtSite.library.removeTitle", { title: asset.title || asset.family }),
          }}
        />
      );
    case "members":
      return section.sub === "invitations" ? (
        <DistrictInvitations context={context} />
      ) : (
        <DistrictMembers context={context} />
      );
    case "groups":
      return <DistrictGroups context={context} />;
    case "manage":
      switch (section.sub) {
        case "slots":
          return <DistrictSlots context={context} />;
        case "hosting":
          return <DistrictHostingRequests context={context} />;
        case "promotion":
          return <DistrictPromotion context={context} />;
        default:
          return <DistrictSettings context={context} />;
      }
    default: {
      const never: never = section;
      throw new Error(`unknown district section ${JSON.stringify(never)}`);
    }
  }
}
