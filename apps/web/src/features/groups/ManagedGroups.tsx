import type { Group } from "@atrium/domain";
import { Button, SimpleGrid, type SimpleGridProps } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { deleteGroup } from "../../api/districts";
import { ConfirmDialog } from "../spaces/ConfirmDialog";
import { showToast } from "../toast/toast";
import { GroupCard } from "./GroupCard";
import "../../pages/district/catalogue";

/**
 * Groups with their members' names, as their manager sees them: each with Edit and Delete
 * (asked first) when `onEdit` is given. The account's own groups and a district's groups.
 */
export function ManagedGroups({
  groups,
  names,
  cols,
  spacing,
  testId,
  onEdit,
  onDeleted,
}: {
  groups: Group[];
  /** Members' names by id ("…" while unknown). */
  names: Map<string, string>;
  cols: SimpleGridProps["cols"];
  spacing: SimpleGridProps["spacing"];
  testId: string;
  /** Given to the manager: Edit and Delete on each group. */
  onEdit?: (group: Group) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState<Group | null>(null);
  const remove = useMutation({
    mutationFn: (group: Group) => deleteGroup(group.groupId),
    onSuccess: () => {
      onDeleted();
      showToast({ color: "green", message: t("districtSite.groups.deleted") });
    },
    onError: (error) =>
      showToast({
        color: "red",
        message: error instanceof ApiError ? error.message : t("errors.somethingWentWrong"),
      }),
  });
  return (
    <>
      <SimpleGrid cols={cols} spacing={spacing}>
        {groups.map((group) => (
          <GroupCard
            key={group.groupId}
            group={group}
            memberCount={group.members.length}
            memberNames={group.members.map((id) => names.get(id) ?? "…")}
            testId={testId}
            actions={
              onEdit ? (
                <>
                  <Button size="xs" variant="light" onClick={() => onEdit(group)}>
                    {t("districtSite.groups.edit")}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(group)}>
                    {t("districtSite.groups.delete")}
                  </Button>
                </>
              ) : null
            }
          />
        ))}
      </SimpleGrid>
      <ConfirmDialog
        opened={deleting !== null}
        danger
        title={t("districtSite.groups.deleteTitle", { title: deleting?.title ?? "" })}
        body={t("districtSite.groups.deleteBody")}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </>
  );
}
