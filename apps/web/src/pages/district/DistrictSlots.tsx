import type { DistrictSlot } from "@atrium/domain";
import { canCreateInDistrict } from "@atrium/domain/rules/district-access";
import { Badge, Group, Paper, Select, Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  allocateDistrictSlot,
  fetchDistrictMembers,
  fetchDistrictSlots,
} from "../../api/districts";
import { showToast } from "../../features/toast/toast";
import type { DistrictContext } from "./DistrictHomePage";
import { ManageList } from "./ManageList";
import "./catalogue";

/** manage/slots (the owner's): the district's slots, who holds each, and giving one to a creator. */
export function DistrictSlots({ context }: { context: DistrictContext }) {
  const { t } = useTranslation();
  const { district } = context;
  const queryClient = useQueryClient();
  const key = ["district-slots", district.districtId];
  const slots = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchDistrictSlots(district.districtId, signal),
  });
  const members = useQuery({
    queryKey: ["district-members", district.districtId],
    queryFn: ({ signal }) => fetchDistrictMembers(district.districtId, signal),
  });
  const holders = (members.data ?? [])
    .filter((member) => canCreateInDistrict(member.role))
    .map((member) => ({ value: member.userId, label: member.name }));
  const give = useMutation({
    mutationFn: (change: { slot: DistrictSlot; userId: string }) =>
      allocateDistrictSlot(district.districtId, change.slot.slotId, change.userId),
    onSuccess: (slot) => {
      void queryClient.invalidateQueries({ queryKey: key });
      showToast({
        color: "green",
        message: t("districtSite.slots.given", { name: slot.holder.name }),
      });
    },
    onError: (error) =>
      showToast({
        color: "red",
        message: error instanceof ApiError ? error.message : t("errors.somethingWentWrong"),
      }),
  });

  return (
    <ManageList
      pending={slots.isPending}
      failed={slots.isError}
      items={slots.data}
      intro={t("districtSite.slots.intro")}
      empty={t("districtSite.slots.empty")}
      testId="district-slots"
      row={(slot, index) => (
        <Paper key={slot.slotId} withBorder radius="lg" p="sm" data-testid="district-slot">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Text fw={600}>{t("districtSite.slots.slot", { number: index + 1 })}</Text>
              {slot.sceneId ? (
                <Text size="sm" c="dimmed">
                  {t("districtSite.slots.holds", { title: slot.sceneTitle ?? "" })}
                </Text>
              ) : (
                <Badge variant="light" color="green" w="fit-content">
                  {t("districtSite.slots.free")}
                </Badge>
              )}
            </Stack>
            <Select
              label={t("districtSite.slots.holder")}
              data={
                holders.some((holder) => holder.value === slot.holder.userId)
                  ? holders
                  : [...holders, { value: slot.holder.userId, label: slot.holder.name }]
              }
              value={slot.holder.userId}
              allowDeselect={false}
              disabled={slot.sceneId !== null}
              w={220}
              onChange={(userId) =>
                userId && userId !== slot.holder.userId && give.mutate({ slot, userId })
              }
            />
          </Group>
        </Paper>
      )}
    />
  );
}
