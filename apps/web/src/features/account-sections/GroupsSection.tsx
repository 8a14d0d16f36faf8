import type { Group } from "@atrium/domain";
import {
  Alert,
  Button,
  Loader,
  Paper,
  Group as Row,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchUsers, searchUsers } from "../../api/accounts";
import { fetchManagedGroups, fetchMemberGroups, fetchUserGroups } from "../../api/districts";
import { GroupCard } from "../groups/GroupCard";
import { GroupModal } from "../groups/GroupModal";
import { ManagedGroups } from "../groups/ManagedGroups";
import { showToast } from "../toast/toast";
import type { AccountSectionProps } from "./registry";
import "../../i18n/areas/account";

const MANAGED_KEY = ["account-groups", "managed"];

/**
 * connections/groups (spec 2 §2.4): a user's own groups. The owner makes, edits and deletes
 * them (members found by searching people) and sees the groups they are in; others see the
 * user's groups' titles and sizes, unless the user hides their groups (Settings).
 */
export function GroupsSection({ profile, isOwner, title }: AccountSectionProps) {
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} radius="xl" data-testid="account-groups">
      <Stack gap="lg">
        <Title order={2} size="h3">
          {title}
        </Title>
        {isOwner ? <OwnGroups /> : <TheirGroups userId={profile.userId} />}
      </Stack>
    </Paper>
  );
}

function TheirGroups({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const groups = useQuery({
    queryKey: ["account-groups", "of", userId],
    queryFn: ({ signal }) => fetchUserGroups(userId, signal),
  });
  if (groups.isPending) return <Loader />;
  if (groups.isError) return <Alert color="red">{t("errors.somethingWentWrong")}</Alert>;
  if (groups.data.length === 0)
    return <Text c="dimmed">{t("accounts.connections.groups.noneOf")}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {groups.data.map((group) => (
        <GroupCard key={group.groupId} group={group} memberCount={group.memberCount} />
      ))}
    </SimpleGrid>
  );
}

function OwnGroups() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const managed = useQuery({
    queryKey: MANAGED_KEY,
    queryFn: ({ signal }) => fetchManagedGroups(signal),
  });
  const memberOf = useQuery({
    queryKey: ["account-groups", "member"],
    queryFn: ({ signal }) => fetchMemberGroups(signal),
  });
  // one's own groups are managed here; a district's on the district's site
  const own = (managed.data ?? []).filter((group) => group.districtId === null);
  const ownIds = new Set(own.map((group) => group.groupId));
  const others = (memberOf.data ?? []).filter((group) => !ownIds.has(group.groupId));
  const memberIds = [...new Set(own.flatMap((group) => group.members))];
  const people = useQuery({
    queryKey: ["people", memberIds],
    queryFn: () => fetchUsers(memberIds),
    enabled: memberIds.length > 0,
    placeholderData: (previous) => previous,
  });
  const names = new Map((people.data ?? []).map((person) => [person.userId, person.name]));
  const [editing, setEditing] = useState<Group | "new" | null>(null);
  const [search, setSearch] = useState("");
  const found = useQuery({
    queryKey: ["user-search", search],
    queryFn: () => searchUsers(search),
    enabled: editing !== null && search.trim().length >= 2,
  });
  const chosen = editing !== null && editing !== "new" ? editing.members : [];
  const options = new Map<string, string>();
  for (const id of chosen) options.set(id, names.get(id) ?? "…");
  for (const person of found.data ?? []) options.set(person.userId, person.name);
  return (
    <>
      <Text c="dimmed">{t("accounts.connections.groups.intro")}</Text>
      <Stack gap="sm">
        <Row justify="space-between">
          <Title order={3} size="h4">
            {t("accounts.connections.groups.mine")}
          </Title>
          <Button onClick={() => setEditing("new")} data-testid="account-group-create">
            {t("districtSite.groups.create")}
          </Button>
        </Row>
        {managed.isPending ? (
          <Loader />
        ) : managed.isError ? (
          <Alert color="red">{t("errors.somethingWentWrong")}</Alert>
        ) : own.length === 0 ? (
          <Text c="dimmed">{t("accounts.connections.groups.noneMine")}</Text>
        ) : (
          <ManagedGroups
            groups={own}
            names={names}
            cols={{ base: 1, sm: 2 }}
            spacing="md"
            testId="account-group"
            onEdit={setEditing}
            onDeleted={() => void queryClient.invalidateQueries({ queryKey: MANAGED_KEY })}
          />
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("accounts.connections.groups.memberOf")}
        </Title>
        <Text c="dimmed" size="sm">
          {t("accounts.connections.groups.memberOfIntro")}
        </Text>
        {memberOf.isPending ? (
          <Loader />
        ) : memberOf.isError ? (
          <Alert color="red">{t("errors.somethingWentWrong")}</Alert>
        ) : others.length === 0 ? (
          <Text c="dimmed">{t("accounts.connections.groups.noneMember")}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {others.map((group) => (
              <GroupCard
                key={group.groupId}
                group={
                  group.districtId
                    ? {
                        ...group,
                        description: [
                          t("accounts.connections.groups.ofDistrict"),
                          group.description,
                        ]
                          .filter(Boolean)
                          .join("\n"),
                      }
                    : group
                }
                memberCount={group.members.length}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <GroupModal
        key={editing === null ? "closed" : editing === "new" ? "new" : editing.groupId}
        districtId={null}
        group={editing}
        memberOptions={[...options].map(([value, label]) => ({ value, label }))}
        onMemberSearch={setSearch}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void queryClient.invalidateQueries({ queryKey: MANAGED_KEY });
          showToast({ color: "green", message: t("districtSite.groups.saved") });
        }}
      />
    </>
  );
}
