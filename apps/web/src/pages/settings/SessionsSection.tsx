import { formatRelativeTime } from "@atrium/domain/rules/relative-time";
import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { endOtherSessions, endSession, listSessions } from "../../api/accounts";
import "../../i18n/areas/account";

/** Where the account is signed in, with a way to sign out of any of those places. */
export function SessionsSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: ["sessions"], queryFn: listSessions });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["sessions"] });
  const end = useMutation({ mutationFn: endSession, onSuccess: refresh });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSuccess: refresh });
  const others = (sessions.data ?? []).filter((session) => !session.current);
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {t("accounts.settings.sessions")}
        </Title>
        {others.length > 0 && (
          <Button
            variant="light"
            color="red"
            size="xs"
            loading={endOthers.isPending}
            onClick={() => endOthers.mutate()}
          >
            {t("accounts.settings.endOthers")}
          </Button>
        )}
      </Group>
      <Stack
        gap="sm"
        aria-label={t("accounts.settings.sessions")}
        component="ul"
        style={{ listStyle: "none", padding: 0, margin: 0 }}
      >
        {(sessions.data ?? []).map((session) => (
          <Group key={session.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Group gap="xs">
                <Text fw={600} truncate>
                  {describeAgent(session.userAgent) ?? t("accounts.settings.unknownDevice")}
                </Text>
                {session.current && <Badge size="sm">{t("accounts.settings.thisDevice")}</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {t("accounts.settings.sessionDetails", {
                  ip: session.ip ?? "?",
                  seen: formatRelativeTime(new Date(session.lastSeenAt), new Date()),
                })}
              </Text>
            </div>
            {!session.current && (
              <Button
                variant="default"
                size="xs"
                onClick={() => end.mutate(session.id)}
                loading={end.isPending && end.variables === session.id}
              >
                {t("accounts.settings.signOutSession")}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** A short name for a browser from its user agent ("Chrome on Linux"). */
function describeAgent(agent: string | null): string | null {
  if (!agent) return null;
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : null;
  const system = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Windows/.test(agent)
        ? "Windows"
        : /Mac OS X/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? agent.slice(0, 60);
}
