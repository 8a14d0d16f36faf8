import { eventPhase } from "@atrium/domain";
import { Avatar, Button, Card, Container, Group, Image, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { sceneEvent } from "../../api/events";
import { userPath, viewerPath } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { EventTime } from "../../features/events/EventsPanel";
import catalogue from "../../i18n/en/on-demand/events.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

addOnDemandCatalogue(catalogue);

/**
 * An event's page (issue 19), the link to share: what, when, where and who hosts it, and a
 * button that opens the space (with ?event=, which opens the event's chat when it is live).
 */
export function Component() {
  const { t } = useTranslation();
  const { eventId = "" } = useParams();
  const query = useQuery({
    queryKey: ["scene-event", eventId],
    queryFn: () => sceneEvent(eventId),
  });
  const event = query.data;
  if (query.isError) {
    return (
      <Container size={720} py={48}>
        <PageMeta title={t("events.page")} noindex />
        <Text data-testid="event-not-found">{t("events.notFound")}</Text>
      </Container>
    );
  }
  if (!event) return null;
  const phase = eventPhase(event, Date.now());
  const image = event.coverPicture ? new URL(event.coverPicture, location.origin).href : undefined;
  return (
    <Container size={720} py={{ base: 24, sm: 48 }} w="100%" data-testid="event-page">
      <PageMeta
        title={event.title}
        description={event.description || t("events.inSpace", { space: event.sceneTitle })}
        image={image}
        noindex={phase === "cancelled"}
      />
      <Card withBorder padding="lg">
        {event.coverPicture && (
          <Card.Section mb="md">
            <Image src={event.coverPicture} alt="" h={280} fit="cover" />
          </Card.Section>
        )}
        <Stack gap="sm">
          <Title order={1}>{event.title}</Title>
          {phase === "cancelled" || phase === "ended" ? (
            <Text c="red" fw={600} data-testid="event-state">
              {t(phase === "cancelled" ? "events.cancelled" : "events.over")}
            </Text>
          ) : (
            <EventTime event={event} now={Date.now()} />
          )}
          <Text>{t("events.inSpace", { space: event.sceneTitle })}</Text>
          <Group gap="xs">
            <Avatar src={event.host.profilePicture} name={event.host.name} size="sm" />
            <Text size="sm" component={Link} to={userPath(event.host.userId)}>
              {t("events.hostedBy", { name: event.host.name })}
            </Text>
          </Group>
          {event.description && <Text style={{ whiteSpace: "pre-wrap" }}>{event.description}</Text>}
          {phase !== "cancelled" && (
            <Group>
              <Button
                component={Link}
                to={`${viewerPath(event.sceneId)}?event=${encodeURIComponent(event.eventId)}`}
                data-testid="event-open-space"
              >
                {t(phase === "live" ? "events.joinLive" : "events.openSpace")}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
