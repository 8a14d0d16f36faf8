import type { Group as DistrictGroup } from "@atrium/domain";
import { Alert, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchDistrictGroups, fetchDistrictMembers } from "../../api/districts";
import { GroupModal } from "../../features/groups/GroupModal";
import { ManagedGroups } from "../../features/groups/ManagedGroups";
import { showToast } from "../../features/toast/toast";
import type { DistrictContext } from "./DistrictHomePage";
import "./catalogue";

/** groups: the district's groups (title, description, image, members); the owner manages them. */
export function DistrictGroups({ context }: { context: DistrictContext }) {
  const { t } = useTranslation();
  const { district, access, look } = context;
  const isOwner = access.role === "Owner";
  const queryClient = useQueryClient();
  const key = ["district-groups", district.districtId];
  const groups = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchDistrictGroups(district.districtId, signal),
  });
  const members = useQuery({
    queryKey: ["district-members", district.districtId],
    queryFn: ({ signal }) => fetchDistrictMembers(district.districtId, signal),
  });
  const names = new Map((members.data ?? []).map((member) => [member.userId, member.name]));
  const [editing, setEditing] = useState<DistrictGroup | "new" | null>(null);
  return (
    <Stack gap="lg" data-testid="district-groups">
      <Group justify="space-between" align="center">
        <Text c="dimmed">{t("districtSite.groups.intro")}</Text>
        {isOwner ? (
          <Button color={look.accent} onClick={() => setEditing("new")}>
            {t("districtSite.groups.create")}
          </Button>
        ) : null}
      </Group>
      {groups.isPending ? (
        <Loader />
      ) : groups.isError ? (
        <Alert color="red">{t("errors.somethingWentWrong")}</Alert>
      ) : groups.data.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("districtSite.groups.empty")}
        </Text>
      ) : (
        <ManagedGroups
          groups={groups.data}
          names={names}
          cols={{ base: 1, sm: 2, md: 3 }}
          spacing="lg"
          testId="district-group"
          onEdit={isOwner ? setEditing : undefined}
          onDeleted={() => void queryClient.invalidateQueries({ queryKey: key })}
        />
      )}
      {isOwner ? (
        <GroupModal
          key={editing === null ? "closed" : editing === "new" ? "new" : editing.groupId}
          districtId={district.districtId}
          group={editing}
          accent={look.accent}
          memberOptions={(members.data ?? []).map((member) => ({
            value: member.userId,
            label: member.name,
          }))}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: key });
            showToast({ color: "green", message: t("districtSite.groups.saved") });
          }}
        />
      ) : null}
    </Stack>
  );
}
