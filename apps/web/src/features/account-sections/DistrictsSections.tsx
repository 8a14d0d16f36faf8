import type { District } from "@atrium/domain";
import { PAGE_SIZE_DEFAULT } from "@atrium/domain/constants";
import { Anchor, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  districtSiteUrl,
  fetchDistrictsOf,
  fetchFollowedDistricts,
  fetchMemberDistricts,
  fetchMyDistricts,
} from "../../api/districts";
import { districtWizardPath, ROUTES } from "../../app/paths";
import { runtimeConfig } from "../../app/runtime-config";
import type { AccountSectionProps } from "./registry";
import "../../i18n/areas/district";
import "../../i18n/areas/account";

type Kind = "mine" | "others" | "following";

/** My districts: the owner's own; a visitor sees the user's listed districts. */
export function MyDistrictsSection(props: AccountSectionProps) {
  return <DistrictsList {...props} kind="mine" />;
}
/** Others' districts: those the owner belongs to as Creator or Guest. */
export function OthersDistrictsSection(props: AccountSectionProps) {
  return <DistrictsList {...props} kind="others" />;
}
export function FollowingDistrictsSection(props: AccountSectionProps) {
  return <DistrictsList {...props} kind="following" />;
}

function load(kind: Kind, userId: string, isOwner: boolean, cp: number) {
  const ipp = PAGE_SIZE_DEFAULT;
  switch (kind) {
    case "mine":
      return isOwner ? fetchMyDistricts(cp, ipp) : fetchDistrictsOf(userId, cp, ipp);
    case "others":
      return fetchMemberDistricts(cp, ipp);
    case "following":
      return fetchFollowedDistricts(userId, cp, ipp);
    default: {
      const never: never = kind;
      throw new Error(`unknown districts list ${String(never)}`);
    }
  }
}

function DistrictsList({ profile, isOwner, title, kind }: AccountSectionProps & { kind: Kind }) {
  const { t } = useTranslation();
  const districts = useInfiniteQuery({
    queryKey: ["account-districts", profile.userId, kind, isOwner],
    queryFn: ({ pageParam }) => load(kind, profile.userId, isOwner, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < PAGE_SIZE_DEFAULT ? undefined : pages.length),
  });
  const all = districts.data?.pages.flat() ?? [];
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} radius="xl">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {kind === "mine" && isOwner && (
          <Button component={Link} to={ROUTES.DISTRICT_WIZARD} data-testid="create-district">
            {t("shell.userMenu.createDistrict")}
          </Button>
        )}
      </Group>
      {districts.isPending ? (
        <Text c="dimmed">{t("common.loading")}</Text>
      ) : districts.isError ? (
        <Text c="red">{t("errors.somethingWentWrong")}</Text>
      ) : all.length === 0 ? (
        <Text c="dimmed">{t("district.noneYet")}</Text>
      ) : (
        <Stack gap="sm">
          {all.map((district) => (
            <DistrictRow key={district.districtId} district={district} />
          ))}
        </Stack>
      )}
      {districts.hasNextPage && (
        <Button
          variant="light"
          mt="md"
          loading={districts.isFetchingNextPage}
          onClick={() => void districts.fetchNextPage()}
        >
          {t("accounts.connections.more")}
        </Button>
      )}
    </Paper>
  );
}

function DistrictRow({ district }: { district: District }) {
  const { t } = useTranslation();
  const role = district.districtUserRole;
  return (
    <div>
      <Anchor href={districtSiteUrl(district.subdomain, runtimeConfig.baseDomain)} fw={600}>
        {district.title}
      </Anchor>
      <Text size="sm" c="dimmed">
        {[
          district.subtitle,
          role ? t(`district.roles.${role.toLowerCase()}`) : null,
          district.public ? null : t("district.private"),
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
      {role === "Owner" && (
        <Anchor component={Link} to={districtWizardPath(district.districtId)} size="sm">
          {t("shell.userMenu.addToDistrict")}
        </Anchor>
      )}
    </div>
  );
}
