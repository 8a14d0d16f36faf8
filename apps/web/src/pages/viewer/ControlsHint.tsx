import { Button, CloseButton, Group, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

// A first visit's short hint of how to move (keys, drag, click; the joystick on touch screens).
// Dismissed once, it stays dismissed in this browser.

export const CONTROLS_HINT_KEY = "atrium.viewer.controlsHintSeen";

function seen(): boolean {
  try {
    return localStorage.getItem(CONTROLS_HINT_KEY) === "1";
  } catch {
    return false; // no storage (private mode, third-party iframe): shown each visit
  }
}

function remember() {
  try {
    localStorage.setItem(CONTROLS_HINT_KEY, "1");
  } catch {
    // the hint closes for this visit
  }
}

export function ControlsHint({
  touch,
  phone,
  voice = false,
}: {
  touch: boolean;
  phone: boolean;
  /** The voice chat is offered: say how push-to-talk works. */
  voice?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(() => !seen());
  if (!open) return null;
  const dismiss = () => {
    remember();
    setOpen(false);
  };
  const lines = touch
    ? [
        t("viewerPage.controls.joystick"),
        t("viewerPage.controls.dragTouch"),
        t("viewerPage.controls.tap"),
      ]
    : [
        t("viewerPage.controls.keys"),
        t("viewerPage.controls.drag"),
        t("viewerPage.controls.click"),
        ...(voice ? [t("viewerPage.controls.voice")] : []),
      ];
  return (
    <Paper
      role="region"
      aria-label={t("viewerPage.controls.title")}
      data-testid="controls-hint"
      pos="absolute"
      left="50%"
      // above the joystick and the tour bar on a phone; low in the view on a desktop
      bottom={touch || phone ? 168 : 24}
      radius="lg"
      shadow="md"
      p="md"
      style={{
        zIndex: 13,
        transform: "translateX(-50%)",
        width: "min(400px, calc(100% - 24px))",
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") dismiss();
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700}>{t("viewerPage.controls.title")}</Text>
          <CloseButton size="sm" aria-label={t("viewerPage.controls.dismiss")} onClick={dismiss} />
        </Group>
        <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
          {lines.map((line) => (
            <Text key={line} component="li" size="sm">
              {line}
            </Text>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button size="xs" radius="xl" onClick={dismiss}>
            {t("viewerPage.controls.gotIt")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
