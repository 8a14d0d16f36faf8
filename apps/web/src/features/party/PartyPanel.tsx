import { PARTY_TEXT_MAX, type Party, type PartyInvitation } from "@atrium/domain";
import { Avatar, Badge, Box, Button, Card, Group, Indicator, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { partyMessages } from "../../api/parties";
import catalogue from "../../i18n/en/on-demand/party.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { ChatConversation } from "../live/ChatConversation";
import { showToast } from "../toast/toast";
import { type PartyState, partyMessagesKey } from "./use-party";

addOnDemandCatalogue(catalogue);

/**
 * The viewer's party sidebar (spec 2 §2.2): invitations received (accept or decline), the
 * party's members (the leader first and marked, who is in a space now), the invitations still
 * waiting, leaving, and the party chat.
 */
export function PartyPanel({
  meId,
  party: state,
  visible,
}: {
  meId: string | null;
  party: PartyState;
  visible: boolean;
}) {
  const { t } = useTranslation();
  if (!meId) return <Text c="dimmed">{t("party.signIn")}</Text>;
  const { party, invitations } = state;
  return (
    <Stack gap="md" data-testid="party-panel">
      {invitations.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t("party.invitations")}
          </Text>
          {invitations.map((invitation) => (
            <InvitationCard key={invitation.invitationId} invitation={invitation} state={state} />
          ))}
        </Stack>
      )}
      {party ? (
        <Members party={party} meId={meId} state={state} />
      ) : (
        <Text c="dimmed" data-testid="party-none">
          {t("party.none")}
        </Text>
      )}
      {party && (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t("party.chat")}
          </Text>
          <ChatConversation
            key={party.partyId}
            queryKey={partyMessagesKey(party.partyId)}
            load={() => partyMessages(party.partyId)}
            send={state.send}
            meId={meId}
            visible={visible}
            testId="party"
            maxLength={PARTY_TEXT_MAX}
            height="min(32vh, 320px)"
          />
        </Stack>
      )}
    </Stack>
  );
}

function InvitationCard({ invitation, state }: { invitation: PartyInvitation; state: PartyState }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const act = (work: () => Promise<void>) => {
    setBusy(true);
    work()
      .catch((error: unknown) =>
        showToast({
          color: "red",
          message: error instanceof Error && error.message ? error.message : t("party.failed"),
        }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Card withBorder padding="sm" data-testid="party-invitation">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={invitation.inviter.profilePicture ?? undefined} radius="xl" size="sm" alt="" />
        <Text size="sm">{t("party.invitedYou", { name: invitation.inviter.name })}</Text>
      </Group>
      <Group gap="xs" mt="xs" justify="flex-end">
        <Button
          size="xs"
          variant="default"
          disabled={busy}
          onClick={() => act(() => state.decline(invitation.invitationId))}
          data-testid="party-decline"
        >
          {t("party.decline")}
        </Button>
        <Button
          size="xs"
          loading={busy}
          onClick={() =>
            act(async () => {
              await state.accept(invitation.invitationId);
              showToast({ message: t("party.joined", { name: invitation.inviter.name }) });
            })
          }
          data-testid="party-accept"
        >
          {t("party.accept")}
        </Button>
      </Group>
    </Card>
  );
}

function Members({ party, meId, state }: { party: Party; meId: string; state: PartyState }) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const leading = party.leaderId === meId;
  const successor = party.members.find((member) => !member.leader);
  return (
    <Stack gap="xs" data-testid="party-members">
      <Text size="sm" fw={600}>
        {t("party.members", { count: party.members.length })}
      </Text>
      <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {party.members.map((member) => (
          <Group
            key={member.userId}
            component="li"
            gap="sm"
            wrap="nowrap"
            data-testid="party-member"
            data-leader={member.leader || undefined}
            data-online={member.online}
          >
            <Indicator
              color={member.online ? "green" : "gray"}
              position="bottom-end"
              size={10}
              offset={4}
              withBorder
            >
              <Avatar src={member.profilePicture ?? undefined} radius="xl" size="sm" alt="" />
            </Indicator>
            <Box style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" truncate>
                {member.name}
              </Text>
              <Text size="xs" c="dimmed" data-testid="party-member-state">
                {member.online ? t("party.online") : t("party.offline")}
              </Text>
            </Box>
            {member.leader && (
              <Badge size="xs" color="yellow" variant="light" data-testid="party-leader">
                {t("party.leader")}
              </Badge>
            )}
            {member.userId === meId && (
              <Badge size="xs" variant="light">
                {t("party.you")}
              </Badge>
            )}
          </Group>
        ))}
        {party.invited.map((invitation) => (
          <Group
            key={invitation.invitationId}
            component="li"
            gap="sm"
            wrap="nowrap"
            data-testid="party-invited"
            style={{ opacity: 0.65 }}
          >
            <Avatar
              src={invitation.invitee.profilePicture ?? undefined}
              radius="xl"
              size="sm"
              alt=""
            />
            <Text size="sm" truncate style={{ flex: 1 }}>
              {invitation.invitee.name}
            </Text>
            <Badge size="xs" variant="outline" color="gray">
              {t("party.invited")}
            </Badge>
          </Group>
        ))}
      </Stack>
      {leading && party.members.length > 1 && (
        <Text size="xs" c="dimmed">
          {t("party.followsYou")}{" "}
          {successor ? t("party.handsOver", { name: successor.name }) : null}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="subtle"
          color="red"
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            state
              .leave()
              .catch(() => showToast({ color: "red", message: t("party.failed") }))
              .finally(() => setLeaving(false));
          }}
          data-testid="party-leave"
        >
          {t("party.leave")}
        </Button>
      </Group>
    </Stack>
  );
}
