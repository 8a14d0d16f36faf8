import type { Group as DistrictGroup } from "@atrium/domain";
import { coreMessages } from "@atrium/domain/messages/core";
import {
  Alert,
  Avatar,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  MultiSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import {
  createGroup,
  deleteGroup,
  fetchDistrictGroups,
  fetchDistrictMembers,
  updateGroup,
} from "../../api/districts";
import { ConfirmDialog } from "../../features/spaces/ConfirmDialog";
import { showToast } from "../../features/toast/toast";
import type { DistrictContext } from "./DistrictHomePage";
import "./catalogue";

interface GroupForm {
  title: string;
  description: string;
  image: string;
  members: string[];
}

const EMPTY: GroupForm = { title: "", description: "", image: "", members: [] };

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
  const [deleting, setDeleting] = useState<DistrictGroup | null>(null);
  const remove = useMutation({
    mutationFn: (group: DistrictGroup) => deleteGroup(group.groupId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      showToast({ color: "green", message: t("districtSite.groups.deleted") });
    },
    onError: (error) =>
      showToast({
        color: "red",
        message: error instanceof ApiError ? error.message : t("errors.somethingWentWrong"),
      }),
  });

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
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {groups.data.map((group) => (
            <Card
              key={group.groupId}
              withBorder
              radius="lg"
              padding="md"
              data-testid="district-group"
            >
              <Group gap="sm" wrap="nowrap" mb="xs">
                <Avatar src={group.image} name={group.title} color="initials" radius="md" />
                <Stack gap={0} miw={0}>
                  <Text fw={700} truncate>
                    {group.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t("districtSite.groups.membersCount", { count: group.members.length })}
                  </Text>
                </Stack>
              </Group>
              {group.description ? (
                <Text size="sm" mb="xs" style={{ whiteSpace: "pre-line" }}>
                  {group.description}
                </Text>
              ) : null}
              {group.members.length > 0 ? (
                <Text size="sm" c="dimmed">
                  {group.members.map((id) => names.get(id) ?? "…").join(", ")}
                </Text>
              ) : null}
              {isOwner ? (
                <Group gap="xs" mt="sm">
                  <Button size="xs" variant="light" onClick={() => setEditing(group)}>
                    {t("districtSite.groups.edit")}
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(group)}>
                    {t("districtSite.groups.delete")}
                  </Button>
                </Group>
              ) : null}
            </Card>
          ))}
        </SimpleGrid>
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
    </Stack>
  );
}

function GroupModal({
  districtId,
  group,
  accent,
  memberOptions,
  onClose,
  onSaved,
}: {
  districtId: string;
  group: DistrictGroup | "new" | null;
  accent: string;
  memberOptions: { value: string; label: string }[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const existing = group !== null && group !== "new" ? group : null;
  const [form, setForm] = useState<GroupForm>(
    existing
      ? {
          title: existing.title,
          description: existing.description,
          image: existing.image ?? "",
          members: existing.members,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Partial<Record<keyof GroupForm, string>>>({});
  const save = useMutation({
    mutationFn: () => {
      const body = {
        title: form.title.trim(),
        description: form.description,
        image: form.image.trim() === "" ? null : form.image.trim(),
        members: form.members,
      };
      return existing ? updateGroup(existing.groupId, body) : createGroup({ districtId, ...body });
    },
    onSuccess: onSaved,
    onError: (error) => {
      if (!(error instanceof ApiError)) return setErrors({ title: t("errors.somethingWentWrong") });
      const next: Partial<Record<keyof GroupForm, string>> = {};
      for (const field of ["title", "description", "image", "members"] as const) {
        const message = error.fieldMessage(`body.${field}`);
        if (message) next[field] = message;
      }
      setErrors(Object.keys(next).length > 0 ? next : { title: error.message });
    },
  });
  const set = (patch: Partial<GroupForm>) => setForm((current) => ({ ...current, ...patch }));
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title={t(existing ? "districtSite.groups.editTitle" : "districtSite.groups.newTitle")}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (form.title.trim() === "") {
            setErrors({ title: coreMessages.forms.required });
            return;
          }
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t("districtSite.groups.title")}
            value={form.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
            error={errors.title}
            maxLength={100}
            data-autofocus
          />
          <Textarea
            label={t("districtSite.groups.description")}
            value={form.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
            error={errors.description}
            maxLength={1000}
            autosize
            minRows={2}
          />
          <TextInput
            label={t("districtSite.groups.image")}
            value={form.image}
            onChange={(event) => set({ image: event.currentTarget.value })}
            error={errors.image}
            placeholder="https://"
          />
          <MultiSelect
            label={t("districtSite.groups.members")}
            data={memberOptions}
            value={form.members}
            onChange={(members) => set({ members })}
            error={errors.members}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("districtSite.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} color={accent}>
              {t("districtSite.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
