import type { PartyTravel } from "@atrium/domain";
import { Avatar, Button, Group, Paper, Portal, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import catalogue from "../../i18n/en/on-demand/party.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

addOnDemandCatalogue(catalogue);

/**
 * The countdown before a party member follows their leader into a space (issue 19): shows who
 * and where, counts down the seconds, and goes unless the member cancels.
 */
export function FollowCountdown({
  travel,
  onGo,
  onCancel,
  phone,
}: {
  travel: PartyTravel;
  onGo: () => void;
  onCancel: () => void;
  phone: boolean;
}) {
  const { t } = useTranslation();
  const [deadline] = useState(() => Date.now() + travel.countdownMs);
  const [left, setLeft] = useState(() => Math.ceil(travel.countdownMs / 1000));
  const gone = useRef(false);
  const go = useRef(onGo);
  go.current = onGo;
  useEffect(() => {
    const tick = () => {
      const remaining = deadline - Date.now();
      setLeft(Math.max(0, Math.ceil(remaining / 1000)));
      if (remaining <= 0 && !gone.current) {
        gone.current = true;
        go.current();
      }
    };
    tick();
    const timer = setInterval(tick, 200);
    return () => clearInterval(timer);
  }, [deadline]);

  // in a portal: above the sidebars' drawer (full screen on a phone)
  return (
    <Portal>
      <Paper
        shadow="md"
        radius="md"
        p="md"
        withBorder
        role="alertdialog"
        aria-live="assertive"
        aria-label={t("party.follow.title", { name: travel.leader.name })}
        data-testid="party-countdown"
        style={{
          position: "fixed",
          top: phone ? 64 : 80,
          left: "50%",
          transform: "translateX(-50%)",
          zIndex: 1003,
          width: phone ? "calc(100% - 24px)" : 380,
        }}
      >
        <Group gap="md" wrap="nowrap">
          <Avatar src={travel.leader.profilePicture ?? undefined} radius="xl" size="lg" alt="" />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700}>{t("party.follow.title", { name: travel.leader.name })}</Text>
            <Text size="sm" truncate>
              {t("party.follow.into", { space: travel.sceneTitle || t("party.follow.aSpace") })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="party-countdown-seconds" data-seconds={left}>
              {t("party.follow.seconds", { count: left })}
            </Text>
          </Stack>
          <Text
            fw={800}
            fz={36}
            c="blue"
            aria-hidden
            style={{ fontVariantNumeric: "tabular-nums", minWidth: 28, textAlign: "center" }}
          >
            {left}
          </Text>
        </Group>
        <Button
          mt="sm"
          fullWidth
          variant="default"
          onClick={onCancel}
          data-testid="party-countdown-cancel"
        >
          {t("party.follow.cancel")}
        </Button>
      </Paper>
    </Portal>
  );
}
