import type { District, SortOption, SpaceCard as Space, UserSummary } from "@atrium/domain";
import { SORT_OPTIONS, TIMEOUTS } from "@atrium/domain/constants";
import {
  Avatar,
  Card,
  Checkbox,
  Container,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../api/client";
import { searchDistricts } from "../../api/districts";
import { searchSpaces } from "../../api/spaces";
import { userPath } from "../../app/paths";
import { useSearchParamsUpdate } from "../../app/search-params";
import { PageMeta } from "../../app/shell/PageMeta";
import { useMe } from "../../features/auth/use-me";
import { DistrictCard } from "../../features/districts/DistrictCard";
import { InfiniteList } from "../../features/spaces/InfiniteList";
import { GridIcon, ListIcon } from "../../features/spaces/icons";
import { SpaceCard } from "../../features/spaces/SpaceCard";
import { SPACES_QUERY_ROOT } from "../../features/spaces/use-space-actions";
import "../../features/spaces/catalogue";

const TABS = ["spaces", "districts", "creators"] as const;
type Tab = (typeof TABS)[number];
type View = "grid" | "list";

const searchCreators = (q: string, cp: number, ipp: number, signal: AbortSignal) =>
  api<UserSummary[]>("/api/userService/user/search", { query: { q, cp, ipp }, signal });

/**
 * EXPLORE (spec 1 §2, spec 2 §9.3): search published spaces, districts and creators, spaces sorted by
 * Date Published, Views or Likes, shown as a grid (default) or a list, loaded page by page
 * while scrolling. Filters live in the URL, so a search can be shared and survives reloads.
 */
export function ExplorePage() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, update] = useSearchParamsUpdate();
  const q = params.get("q") ?? "";
  const tabParam = params.get("tab") as Tab | null;
  const tab: Tab = tabParam && TABS.includes(tabParam) ? tabParam : "spaces";
  const sortParam = params.get("sort") as SortOption | null;
  const sort: SortOption =
    sortParam && SORT_OPTIONS.includes(sortParam) ? sortParam : "datePublished";
  const view: View = params.get("view") === "list" ? "list" : "grid";
  const adult = params.get("adult") === "1";
  const [query] = useDebouncedValue(q.trim(), TIMEOUTS.searchDebounceMs);

  return (
    <Container size="xl" py="xl" w="100%">
      <PageMeta title={t("meta.explore.title")} description={t("meta.explore.description")} />
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t("explore.title")}</Title>
          <Text c="dimmed">{t("explore.intro")}</Text>
        </Stack>
        <TextInput
          type="search"
          size="md"
          radius="xl"
          aria-label={t("explore.searchLabel")}
          placeholder={t("explore.searchPlaceholder")}
          value={q}
          onChange={(event) => update({ q: event.currentTarget.value })}
          data-testid="explore-search"
        />
        <Tabs value={tab} onChange={(value) => update({ tab: value === "spaces" ? null : value })}>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <Tabs.List>
              <Tabs.Tab value="spaces">{t("explore.tabs.spaces")}</Tabs.Tab>
              <Tabs.Tab value="districts">{t("explore.tabs.districts")}</Tabs.Tab>
              <Tabs.Tab value="creators">{t("explore.tabs.creators")}</Tabs.Tab>
            </Tabs.List>
            {tab === "spaces" ? (
              <Group gap="sm" wrap="wrap">
                <Checkbox
                  label={t("explore.adultLabel")}
                  checked={adult}
                  onChange={(event) => update({ adult: event.currentTarget.checked ? "1" : null })}
                />
                <Select
                  aria-label={t("explore.sortLabel")}
                  data={SORT_OPTIONS.map((value) => ({ value, label: t(`explore.sort.${value}`) }))}
                  value={sort}
                  onChange={(value) => update({ sort: value === "datePublished" ? null : value })}
                  allowDeselect={false}
                  w={170}
                  data-testid="explore-sort"
                />
                <SegmentedControl
                  aria-label={t("explore.viewLabel")}
                  value={view}
                  onChange={(value) => update({ view: value === "list" ? "list" : null })}
                  data={[
                    {
                      value: "grid",
                      label: (
                        <Group gap={4} wrap="nowrap">
                          <GridIcon />
                          {t("explore.viewModes.grid")}
                        </Group>
                      ),
                    },
                    {
                      value: "list",
                      label: (
                        <Group gap={4} wrap="nowrap">
                          <ListIcon />
                          {t("explore.viewModes.list")}
                        </Group>
                      ),
                    },
                  ]}
                />
              </Group>
            ) : null}
          </Group>
          <Tabs.Panel value="spaces" pt="lg">
            {tab === "spaces" ? (
              <InfiniteList<Space>
                queryKey={[SPACES_QUERY_ROOT, "explore", query, sort, adult]}
                fetchPage={(cp, ipp, signal) =>
                  searchSpaces(
                    { q: query, sort, cp, ipp, ...(adult ? { adultContent: true } : {}) },
                    signal,
                  )
                }
                keyOf={(space) => space.sceneId}
                render={(space) => (
                  <SpaceCard
                    space={space}
                    view={view}
                    isOwner={space.ownerId === me.data?.userId}
                  />
                )}
                view={view}
                empty={
                  <Text c="dimmed" ta="center" py="xl">
                    {t("spaces.empty.explore")}
                  </Text>
                }
              />
            ) : null}
          </Tabs.Panel>
          <Tabs.Panel value="districts" pt="lg">
            {tab === "districts" ? (
              <InfiniteList<District>
                // the signed-in visitor's roles and follows are part of the answer
                queryKey={["explore-districts", query, me.data?.userId ?? null]}
                fetchPage={(cp, ipp, signal) => searchDistricts(query, cp, ipp, signal)}
                keyOf={(district) => district.districtId}
                render={(district) => <DistrictCard district={district} />}
                empty={
                  <Text c="dimmed" ta="center" py="xl">
                    {t(query ? "explore.districts.empty" : "explore.districts.none")}
                  </Text>
                }
              />
            ) : null}
          </Tabs.Panel>
          <Tabs.Panel value="creators" pt="lg">
            {tab === "creators" ? (
              <InfiniteList<UserSummary>
                queryKey={["explore-creators", query]}
                fetchPage={(cp, ipp, signal) => searchCreators(query, cp, ipp, signal)}
                keyOf={(user) => user.userId}
                render={(user) => (
                  <Card
                    withBorder
                    radius="lg"
                    component={Link}
                    to={userPath(user.userId)}
                    data-testid="creator-card"
                  >
                    <Group wrap="nowrap">
                      <Avatar src={user.profilePicture} size={56} radius="xl" alt="" />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={700} lineClamp={1}>
                          {user.name}
                        </Text>
                        {user.username ? (
                          <Text size="sm" c="dimmed" lineClamp={1}>
                            @{user.username}
                          </Text>
                        ) : null}
                      </Stack>
                    </Group>
                  </Card>
                )}
                empty={
                  <Text c="dimmed" ta="center" py="xl">
                    {t(query ? "spaces.empty.creators" : "spaces.empty.creatorsNone")}
                  </Text>
                }
              />
            ) : null}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}

export { ExplorePage as Component };
