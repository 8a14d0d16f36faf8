import type { SpaceCard as Space, SpaceActivity } from "@atrium/domain";
import { formatRelativeTime } from "@atrium/domain/rules/relative-time";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  clearHistory,
  fetchFavorites,
  fetchHistory,
  fetchMyScenes,
  fetchMySlots,
  searchSpaces,
} from "../../api/spaces";
import type { AccountSectionProps } from "../account-sections/registry";
import { useMe } from "../auth/use-me";
import { useStartNewSpace } from "../draft-limit/use-start-new-space";
import { InfiniteList } from "./InfiniteList";
import { SpaceCard } from "./SpaceCard";
import { SPACES_QUERY_ROOT } from "./use-space-actions";
import "./catalogue";

// The account area's spaces and activity sections (spec 2 §2.4: spaces/published,
// spaces/drafts, activity/history, activity/favorites).

function Empty({ text }: { text: string }) {
  return (
    <Text c="dimmed" py="xl" ta="center">
      {text}
    </Text>
  );
}

/** Free-slot expiry per published space of the signed-in user, for the cards' badges. */
function useSlotExpiries(enabled: boolean) {
  const slots = useQuery({
    queryKey: [SPACES_QUERY_ROOT, "slots"],
    queryFn: ({ signal }) => fetchMySlots(signal),
    enabled,
  });
  const expiries = new Map<string, string>();
  for (const slot of slots.data ?? []) {
    if (slot.sceneId && slot.kind === "free" && slot.expiresAt)
      expiries.set(slot.sceneId, slot.expiresAt);
  }
  return { slots: slots.data ?? [], expiries };
}

export function PublishedSpacesSection({ profile, isOwner, title }: AccountSectionProps) {
  const { t } = useTranslation();
  const { slots, expiries } = useSlotExpiries(isOwner);
  const used = slots.filter((slot) => slot.sceneId).length;
  return (
    <Stack gap="lg" data-testid="published-spaces">
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {isOwner && slots.length > 0 ? (
          <Text size="sm" c="dimmed">
            {t("spaces.slots", { used, total: slots.length })}
          </Text>
        ) : null}
      </Group>
      <InfiniteList<Space>
        queryKey={[SPACES_QUERY_ROOT, "published", profile.userId]}
        fetchPage={(cp, ipp, signal) =>
          isOwner
            ? fetchMyScenes({ state: "Published", cp, ipp }, signal)
            : searchSpaces({ creatorId: profile.userId, cp, ipp, sort: "datePublished" }, signal)
        }
        keyOf={(space) => space.sceneId}
        render={(space) => (
          <SpaceCard
            space={space}
            isOwner={isOwner}
            slotExpiresAt={expiries.get(space.sceneId) ?? null}
          />
        )}
        empty={<Empty text={t(isOwner ? "spaces.empty.publishedOwn" : "spaces.empty.published")} />}
      />
    </Stack>
  );
}

export function DraftsSection({ title }: AccountSectionProps) {
  const { t } = useTranslation();
  const { startNewSpace, checking } = useStartNewSpace();
  return (
    <Stack gap="lg" data-testid="draft-spaces">
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Button onClick={() => void startNewSpace()} loading={checking}>
          {t("spaces.createSpace")}
        </Button>
      </Group>
      <InfiniteList<Space>
        queryKey={[SPACES_QUERY_ROOT, "drafts"]}
        fetchPage={(cp, ipp, signal) => fetchMyScenes({ state: "Draft", cp, ipp }, signal)}
        keyOf={(space) => space.sceneId}
        render={(space) => <SpaceCard space={space} isOwner />}
        empty={<Empty text={t("spaces.empty.drafts")} />}
      />
    </Stack>
  );
}

function ActivitySection({ kind, title }: { kind: "history" | "favorites"; title: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const clear = useMutation({
    mutationFn: clearHistory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SPACES_QUERY_ROOT, kind] }),
  });
  const now = new Date();
  return (
    <Stack gap="lg" data-testid={`activity-${kind}`}>
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        {kind === "history" ? (
          <Button variant="default" onClick={() => clear.mutate()} loading={clear.isPending}>
            {t("spaces.clearHistory")}
          </Button>
        ) : null}
      </Group>
      <InfiniteList<SpaceActivity>
        queryKey={[SPACES_QUERY_ROOT, kind]}
        fetchPage={(cp, ipp) =>
          kind === "history" ? fetchHistory({ cp, ipp }) : fetchFavorites({ cp, ipp })
        }
        keyOf={(entry) => entry.space.sceneId}
        render={(entry) => (
          <SpaceCard
            space={entry.space}
            isOwner={entry.space.ownerId === me.data?.userId}
            {...(kind === "history"
              ? { note: t("spaces.visitedAt", { time: formatRelativeTime(entry.at, now) }) }
              : {})}
          />
        )}
        empty={<Empty text={t(`spaces.empty.${kind}`)} />}
      />
    </Stack>
  );
}

export function HistorySection({ title }: AccountSectionProps) {
  return <ActivitySection kind="history" title={title} />;
}

export function FavoritesSection({ title }: AccountSectionProps) {
  return <ActivitySection kind="favorites" title={title} />;
}
