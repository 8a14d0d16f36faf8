import type { SpaceCard as Space } from "@atrium/domain";
import { districtMessages } from "@atrium/domain/messages/district";
import { slotTakesSpace } from "@atrium/domain/rules/slot-fit";
import { Alert, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchDistrictSpaces, fetchPromotedIds } from "../../api/districts";
import { fetchAvailableSlots, fetchManyPublished } from "../../api/spaces";
import { useMe } from "../../features/auth/use-me";
import { InfiniteList } from "../../features/spaces/InfiniteList";
import { SpaceCard } from "../../features/spaces/SpaceCard";
import { SPACES_QUERY_ROOT } from "../../features/spaces/use-space-actions";
import "./catalogue";

/** A district's published spaces or drafts, in pages loaded while scrolling. */
export function DistrictSpacesList({
  districtId,
  state,
  ipp,
}: {
  districtId: string;
  state: "Published" | "Draft";
  ipp?: number;
}) {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <InfiniteList<Space>
      queryKey={[SPACES_QUERY_ROOT, "district", districtId, state, me.data?.userId ?? null]}
      fetchPage={(cp, size, signal) =>
        fetchDistrictSpaces(districtId, { state, cp, ipp: size }, signal)
      }
      keyOf={(space) => space.sceneId}
      render={(space) => <SpaceCard space={space} isOwner={space.ownerId === me.data?.userId} />}
      empty={
        <Text c="dimmed" py="xl" ta="center">
          {t(
            state === "Draft"
              ? "districtSite.spaces.emptyDrafts"
              : "districtSite.spaces.emptyPublished",
          )}
        </Text>
      }
      {...(ipp ? { ipp } : {})}
    />
  );
}

/**
 * Spec 2 §6: a member without a slot is told to ask the district owner for a new slot. Shown
 * to creators (the owner buys slots) who hold no free slot of this district: their own slots do
 * not take the district's spaces.
 */
export function NoSlotNotice({ districtId }: { districtId: string }) {
  const slots = useQuery({
    queryKey: [SPACES_QUERY_ROOT, "slots", "available"],
    queryFn: ({ signal }) => fetchAvailableSlots(signal),
  });
  if (!slots.data || slots.data.some((slot) => slotTakesSpace(slot, districtId))) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="ask-owner-for-slot">
      {districtMessages.askOwnerForSlot}
    </Alert>
  );
}

/**
 * The District's promoted spaces (its owner's choice, newest promotion first) at the head of its
 * home page; nothing when none is promoted.
 */
export function PromotedSpaces({ districtId }: { districtId: string }) {
  const { t } = useTranslation();
  const me = useMe();
  const promoted = useQuery({
    queryKey: ["district-promoted", districtId, "cards"],
    queryFn: async ({ signal }) =>
      fetchManyPublished((await fetchPromotedIds(districtId, signal)).slice(0, 60), signal),
  });
  if (!promoted.data || promoted.data.length === 0) return null;
  return (
    <Stack gap="md" data-testid="district-promoted">
      <Title order={2} size="h3">
        {t("districtSite.promotion.featured")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {promoted.data.map((space) => (
          <SpaceCard
            key={space.sceneId}
            space={space}
            isOwner={space.ownerId === me.data?.userId}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
