import {
  ActionIcon,
  Badge,
  Indicator,
  Paper,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ViewerIcon, type ViewerIconName } from "./icons";
import "../../i18n/areas/viewer";

// The viewer's sidebar buttons. On a desktop: a column of round buttons at the right, each
// named by its tooltip. A button that cannot be used yet stays focusable (aria-disabled, not
// disabled) so its tooltip says why on hover and on keyboard focus, and its reason is its
// accessible description. On a phone the column (some 470 px of an 844 px screen) folds behind
// one Menu button: opened, each entry shows its name (and why, when it cannot be used).

export interface ToolbarEntry<K extends string> {
  key: K;
  icon: ViewerIconName;
  /** Why the entry cannot be used yet; null when it can. */
  unavailable: string | null;
  /** Unread messages waiting in that sidebar (a count on its button). */
  unread?: number;
}

/** The count over a button: how many unread messages wait behind it (none: nothing shown). */
function UnreadCount({ count, testId }: { count: number; testId: string }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge
      size="xs"
      circle
      color="red"
      data-testid={testId}
      aria-label={t("live.unread", { count })}
    >
      {count}
    </Badge>
  );
}

export function ViewerToolbar<K extends string>({
  entries,
  active,
  onToggle,
  phone,
  besideDrawer = false,
}: {
  entries: readonly ToolbarEntry<K>[];
  active: K | null;
  onToggle: (key: K) => void;
  phone: boolean;
  /** A sidebar is open at the right (27% wide, at least 340 px): the column stands beside it. */
  besideDrawer?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const name = (key: K) => t(`viewer.sidebars.${key}` as string);
  const unreadInAll = entries.reduce((sum, entry) => sum + (entry.unread ?? 0), 0);

  if (phone) {
    return (
      <Stack
        gap={6}
        pos="absolute"
        right={12}
        top={12}
        align="flex-end"
        style={{ zIndex: 12, maxHeight: "calc(100% - 24px)" }}
        data-testid="viewer-toolbar"
        role="toolbar"
        aria-orientation="vertical"
      >
        <Indicator
          disabled={open || unreadInAll === 0}
          color="red"
          size={10}
          offset={4}
          data-testid="toolbar-menu-unread"
        >
          <ActionIcon
            size="lg"
            radius="xl"
            variant={open ? "filled" : "white"}
            aria-label={t("viewerPage.toolbar.menu")}
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen((value) => !value)}
            style={{ boxShadow: "0 2px 8px rgba(0,0,0,0.25)" }}
            data-testid="viewer-toolbar-menu"
          >
            <ViewerIcon name={open ? "close" : "menu"} size={18} />
          </ActionIcon>
        </Indicator>
        {open && (
          <Paper
            id={listId}
            radius="lg"
            shadow="md"
            p={6}
            style={{ overflowY: "auto", maxHeight: "calc(100vh - 80px)", minWidth: 220 }}
          >
            <Stack gap={2}>
              {entries.map((entry) => (
                <UnstyledButton
                  key={entry.key}
                  aria-pressed={active === entry.key}
                  aria-disabled={entry.unavailable ? true : undefined}
                  onClick={() => {
                    if (entry.unavailable) return;
                    setOpen(false);
                    onToggle(entry.key);
                  }}
                  px="sm"
                  py={8}
                  style={{
                    borderRadius: 10,
                    display: "flex",
                    gap: 12,
                    alignItems: "center",
                    opacity: entry.unavailable ? 0.6 : 1,
                    cursor: entry.unavailable ? "not-allowed" : "pointer",
                    background:
                      active === entry.key ? "var(--mantine-color-blue-light)" : undefined,
                  }}
                >
                  <ViewerIcon name={entry.icon} size={20} />
                  <span style={{ display: "flex", flexDirection: "column" }}>
                    <Text size="sm" fw={600} component="span">
                      {name(entry.key)}
                    </Text>
                    {entry.unavailable && (
                      <Text size="xs" c="dimmed" component="span">
                        {entry.unavailable}
                      </Text>
                    )}
                  </span>
                  <span style={{ marginLeft: "auto" }}>
                    <UnreadCount count={entry.unread ?? 0} testId={`toolbar-unread-${entry.key}`} />
                  </span>
                </UnstyledButton>
              ))}
            </Stack>
          </Paper>
        )}
      </Stack>
    );
  }

  return (
    <Stack
      gap={6}
      pos="absolute"
      top={12}
      style={{
        zIndex: 12,
        maxHeight: "calc(100% - 24px)",
        overflowY: "auto",
        // beside an open sidebar, so another one is one click away
        right: besideDrawer ? "calc(max(27%, 340px) + 12px)" : 12,
      }}
      data-testid="viewer-toolbar"
      role="toolbar"
      aria-orientation="vertical"
    >
      {entries.map((entry) => (
        <ToolbarButton
          key={entry.key}
          label={name(entry.key)}
          icon={entry.icon}
          unavailable={entry.unavailable}
          pressed={active === entry.key}
          onClick={() => onToggle(entry.key)}
          unread={entry.unread ?? 0}
          unreadTestId={`toolbar-unread-${entry.key}`}
        />
      ))}
    </Stack>
  );
}

function ToolbarButton({
  label,
  icon,
  unavailable,
  pressed,
  onClick,
  unread,
  unreadTestId,
}: {
  /** The unread count shown over the button's corner (0: none). */
  unread: number;
  unreadTestId: string;
  label: string;
  icon: ViewerIconName;
  unavailable: string | null;
  pressed: boolean;
  onClick: () => void;
}) {
  const reasonId = useId();
  const unreadId = useId();
  const { t } = useTranslation();
  const describedBy = [unavailable ? reasonId : null, unread > 0 ? unreadId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <Indicator
      disabled={unread <= 0}
      label={unread}
      size={18}
      offset={5}
      color="red"
      data-testid={unread > 0 ? unreadTestId : undefined}
    >
      <Tooltip
        label={unavailable ? `${label}: ${unavailable}` : label}
        position="left"
        events={{ hover: true, focus: true, touch: true }}
      >
        <ActionIcon
          size="xl"
          radius="xl"
          variant={pressed ? "filled" : "white"}
          aria-label={label}
          aria-pressed={pressed}
          // focusable and hoverable, so the tooltip can say why it is greyed
          aria-disabled={unavailable ? true : undefined}
          aria-describedby={describedBy || undefined}
          data-disabled={unavailable ? true : undefined}
          onClick={(event) => {
            if (unavailable) {
              event.preventDefault();
              return;
            }
            onClick();
          }}
          style={{ boxShadow: "0 2px 8px rgba(0,0,0,0.25)" }}
        >
          <ViewerIcon name={icon} size={22} />
          {unread > 0 && (
            <span id={unreadId} hidden>
              {t("live.unread", { count: unread })}
            </span>
          )}
          {unavailable && (
            <span id={reasonId} hidden>
              {unavailable}
            </span>
          )}
        </ActionIcon>
      </Tooltip>
    </Indicator>
  );
}
