import type { SceneCard } from "@atrium/domain";
import { Anchor, Card, Group, Image, ScrollArea, Stack, Tabs, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { fetchFavorites, fetchHistory, searchSpaces } from "../../../api/spaces";
import { loginPath } from "../../../features/auth/return-to";
import "../../../features/spaces/catalogue";
import "../../../i18n/areas/viewer";

export const MINI_EXPLORE_TABS = [
  "all",
  "related",
  "trending",
  "myHistory",
  "myFavourites",
] as const;
type Tab = (typeof MINI_EXPLORE_TABS)[number];

async function spacesFor(tab: Tab, current: SceneCard, signal: AbortSignal): Promise<SceneCard[]> {
  const ipp = 12;
  switch (tab) {
    case "all":
      return searchSpaces({ sort: "datePublished", ipp }, signal);
    case "trending":
      return searchSpaces({ sort: "views", ipp }, signal);
    case "related": {
      const q = current.tags[0] ?? current.title.split(/\s+/)[0] ?? "";
      return searchSpaces({ sort: "views", q, ipp }, signal);
    }
    case "myHistory":
      return (await fetchHistory({ ipp })).map((row) => row.space);
    case "myFavourites":
      return (await fetchFavorites({ ipp })).map((row) => row.space);
  }
}

/** Mini explore: ALL, RELATED, TRENDING, MY HISTORY, MY FAVOURITES; a card opens the space directly. */
export function MiniExplorePanel({
  current,
  signedIn,
  pathOf,
}: {
  current: SceneCard;
  signedIn: boolean;
  pathOf: (sceneId: string) => string;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>("all");
  const personal = tab === "myHistory" || tab === "myFavourites";
  const spaces = useQuery({
    queryKey: ["viewer-explore", tab, current.sceneId],
    queryFn: ({ signal }) => spacesFor(tab, current, signal),
    enabled: !personal || signedIn,
    retry: false,
  });
  // your own lists show every space in them, this one too
  const list = (spaces.data ?? []).filter((space) => personal || space.sceneId !== current.sceneId);
  return (
    <Stack gap="sm">
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)}>
        <ScrollArea type="never">
          <Tabs.List style={{ flexWrap: "nowrap" }}>
            {MINI_EXPLORE_TABS.map((key) => (
              <Tabs.Tab key={key} value={key} fz="xs">
                {t(`viewer.miniExploreTabs.${key}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
      </Tabs>
      {personal && !signedIn ? (
        <Anchor component={Link} to={loginPath(location.pathname)} target="_top">
          {t("viewerPage.explore.signInFor")}
        </Anchor>
      ) : list.length === 0 && !spaces.isPending ? (
        <Text c="dimmed">{t("viewerPage.explore.empty")}</Text>
      ) : (
        list.map((space) => (
          <Card
            key={space.sceneId}
            component={Link}
            to={pathOf(space.sceneId)}
            withBorder
            radius="md"
            padding="xs"
          >
            <Group wrap="nowrap" gap="sm">
              <Image
                src={space.thumbnailUri ?? space.coverPhotoUri ?? undefined}
                w={72}
                h={48}
                radius="sm"
                fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
                alt=""
              />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>
                  {space.title}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {space.creator?.name} ·{" "}
                  {t("viewerPage.explore.visits", { count: space.views ?? 0 })}
                </Text>
              </div>
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
