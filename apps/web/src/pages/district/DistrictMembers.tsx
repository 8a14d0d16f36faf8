import type { Invitation, Member } from "@atrium/domain";
import { coreMessages } from "@atrium/domain/messages/core";
import { ASSIGNABLE_DISTRICT_ROLES } from "@atrium/domain/rules/district-access";
import {
  Alert,
  Avatar,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../api/client";
import {
  fetchDistrictMembers,
  fetchInvitations,
  inviteToDistrict,
  removeMember,
  revokeInvitation,
  setMemberRole,
} from "../../api/districts";
import { userPath } from "../../app/paths";
import { useMe } from "../../features/auth/use-me";
import { ConfirmDialog } from "../../features/spaces/ConfirmDialog";
import { showToast } from "../../features/toast/toast";
import type { DistrictContext } from "./DistrictHomePage";
import { districtAccessKey, districtInfoKey } from "./use-district";
import "./catalogue";
import "../../i18n/areas/district";

type AssignableRole = (typeof ASSIGNABLE_DISTRICT_ROLES)[number];

const errorText = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;

/** members/all: everyone with their role; the owner changes roles and removes; a member leaves. */
export function DistrictMembers({ context }: { context: DistrictContext }) {
  const { t } = useTranslation();
  const { district, access } = context;
  const me = useMe();
  const queryClient = useQueryClient();
  const key = ["district-members", district.districtId];
  const members = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchDistrictMembers(district.districtId, signal),
  });
  const [removing, setRemoving] = useState<Member | null>(null);
  const roleName = (role: string) => t(`district.roles.${role.toLowerCase()}`);
  const changeRole = useMutation({
    mutationFn: (change: { member: Member; role: AssignableRole }) =>
      setMemberRole(district.districtId, change.member.userId, change.role),
    onSuccess: (member) => {
      void queryClient.invalidateQueries({ queryKey: key });
      showToast({
        color: "green",
        message: t("districtSite.members.roleChanged", {
          name: member.name,
          role: roleName(member.role),
        }),
      });
    },
    onError: (error) =>
      showToast({ color: "red", message: errorText(error, t("errors.somethingWentWrong")) }),
  });
  const remove = useMutation({
    mutationFn: (member: Member) => removeMember(district.districtId, member.userId),
    onSuccess: (_, member) => {
      const self = member.userId === me.data?.userId;
      void queryClient.invalidateQueries({ queryKey: key });
      if (self) {
        void queryClient.invalidateQueries({ queryKey: districtAccessKey(district.subdomain) });
        void queryClient.invalidateQueries({ queryKey: districtInfoKey(district.subdomain) });
      }
      showToast({
        color: "green",
        message: self
          ? t("districtSite.members.left")
          : t("districtSite.members.removed", { name: member.name }),
      });
    },
    onError: (error) =>
      showToast({ color: "red", message: errorText(error, t("errors.somethingWentWrong")) }),
  });

  if (members.isPending) return <Loader />;
  if (members.isError)
    return <Alert color="red">{errorText(members.error, t("errors.somethingWentWrong"))}</Alert>;
  const isOwner = access.role === "Owner";
  const mine = members.data.find((member) => member.userId === me.data?.userId);
  return (
    <Stack gap="md" data-testid="district-members">
      <Text c="dimmed">{t("districtSite.members.intro")}</Text>
      <Stack gap="xs">
        {members.data.map((member) => (
          <Paper key={member.userId} withBorder radius="lg" p="sm" data-testid="district-member">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar src={member.profilePicture} name={member.name} color="initials" />
                <Stack gap={0} miw={0}>
                  <Text
                    component={Link}
                    to={userPath(member.userId)}
                    fw={600}
                    truncate
                    style={{ color: "inherit" }}
                  >
                    {member.name}
                    {member.userId === me.data?.userId ? ` (${t("districtSite.members.you")})` : ""}
                  </Text>
                  {!isOwner || member.role === "Owner" ? (
                    <Text size="sm" c="dimmed">
                      {roleName(member.role)}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
              {isOwner && member.role !== "Owner" ? (
                <Group gap="xs" wrap="nowrap">
                  <Select
                    aria-label={`${t("districtSite.members.role")}: ${member.name}`}
                    data={ASSIGNABLE_DISTRICT_ROLES.map((role) => ({
                      value: role,
                      label: roleName(role),
                    }))}
                    value={member.role}
                    allowDeselect={false}
                    w={130}
                    onChange={(role) =>
                      role &&
                      role !== member.role &&
                      changeRole.mutate({ member, role: role as AssignableRole })
                    }
                  />
                  <Button variant="subtle" color="red" onClick={() => setRemoving(member)}>
                    {t("districtSite.members.remove")}
                  </Button>
                </Group>
              ) : null}
            </Group>
          </Paper>
        ))}
      </Stack>
      {mine && mine.role !== "Owner" ? (
        <Group>
          <Button variant="default" color="red" onClick={() => setRemoving(mine)}>
            {t("districtSite.members.leave")}
          </Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={removing !== null}
        danger
        title={
          removing?.userId === me.data?.userId
            ? t("districtSite.members.leaveTitle", { title: district.title })
            : t("districtSite.members.removeTitle", { name: removing?.name ?? "" })
        }
        body={
          removing?.userId === me.data?.userId
            ? t("districtSite.members.leaveBody")
            : t("districtSite.members.removeBody")
        }
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

/** members/invitations (the owner's): invite by e-mail, see the link once, list and revoke. */
export function DistrictInvitations({ context }: { context: DistrictContext }) {
  const { t } = useTranslation();
  const { district, look } = context;
  const queryClient = useQueryClient();
  const key = ["district-invitations", district.districtId];
  const invitations = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchInvitations(district.districtId, signal),
  });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<AssignableRole>("Creator");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () => inviteToDistrict(district.districtId, { email: email.trim(), role }),
    onSuccess: (created) => {
      setLink(created.invitationUrl);
      setEmail("");
      setFieldError(null);
      void queryClient.invalidateQueries({ queryKey: key });
      showToast({
        color: "green",
        message: t("districtSite.invitations.sent", { email: created.email }),
      });
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fieldMessage("body.email") : undefined;
      setFieldError(field ?? errorText(error, t("errors.somethingWentWrong")));
    },
  });
  const revoke = useMutation({
    mutationFn: (invitation: Invitation) =>
      revokeInvitation(district.districtId, invitation.invitationId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      showToast({ color: "green", message: t("districtSite.invitations.revoked") });
    },
    onError: (error) =>
      showToast({ color: "red", message: errorText(error, t("errors.somethingWentWrong")) }),
  });
  const date = (value: string) => new Date(value).toLocaleDateString();

  return (
    <Stack gap="lg" data-testid="district-invitations">
      <Text c="dimmed">{t("districtSite.invitations.intro")}</Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim() === "") {
            setFieldError(coreMessages.forms.required);
            return;
          }
          invite.mutate();
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t("districtSite.invitations.email")}
            type="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={fieldError}
            style={{ flex: "1 1 240px" }}
            autoComplete="off"
          />
          <Select
            label={t("districtSite.invitations.role")}
            data={ASSIGNABLE_DISTRICT_ROLES.map((value) => ({
              value,
              label: t(`district.roles.${value.toLowerCase()}`),
            }))}
            value={role}
            allowDeselect={false}
            onChange={(value) => value && setRole(value as AssignableRole)}
            w={150}
          />
          <Button type="submit" mt={25} loading={invite.isPending} color={look.accent}>
            {t("districtSite.invitations.send")}
          </Button>
        </Group>
      </form>
      {link ? (
        <Alert color="green" variant="light" title={t("districtSite.invitations.link")}>
          <Group gap="sm" wrap="nowrap" align="center">
            <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="invitation-link">
              {link}
            </Text>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied
                    ? t("districtSite.invitations.copied")
                    : t("districtSite.invitations.copy")}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      ) : null}
      {invitations.isPending ? (
        <Loader />
      ) : invitations.isError ? (
        <Alert color="red">{errorText(invitations.error, t("errors.somethingWentWrong"))}</Alert>
      ) : invitations.data.length === 0 ? (
        <Text c="dimmed">{t("districtSite.invitations.empty")}</Text>
      ) : (
        <Stack gap="xs">
          {invitations.data.map((invitation) => (
            <Paper
              key={invitation.invitationId}
              withBorder
              radius="lg"
              p="sm"
              data-testid="district-invitation"
            >
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2} miw={0}>
                  <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                    {invitation.email}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`district.roles.${invitation.role.toLowerCase()}`)} ·{" "}
                    {invitation.state === "used" && invitation.usedAt
                      ? t("districtSite.invitations.usedAt", { date: date(invitation.usedAt) })
                      : t("districtSite.invitations.expires", { date: date(invitation.expiresAt) })}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Badge
                    variant="light"
                    color={
                      invitation.state === "pending"
                        ? "blue"
                        : invitation.state === "used"
                          ? "green"
                          : "gray"
                    }
                  >
                    {t(`districtSite.invitations.states.${invitation.state}`)}
                  </Badge>
                  {invitation.state !== "used" ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={
                        revoke.isPending &&
                        revoke.variables?.invitationId === invitation.invitationId
                      }
                      onClick={() => revoke.mutate(invitation)}
                    >
                      {t("districtSite.invitations.revoke")}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
