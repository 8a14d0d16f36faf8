import {
  EVENT_DESCRIPTION_MAX,
  EVENT_DURATION_MAX_MINUTES,
  EVENT_DURATION_MIN_MINUTES,
  EVENT_TITLE_MAX,
  eventPhase,
  type SceneEvent,
} from "@atrium/domain";
import {
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Image,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ApiError } from "../../api/client";
import { cancelEvent, changeEvent, scheduleEvent } from "../../api/events";
import { eventPath } from "../../app/paths";
import catalogue from "../../i18n/en/on-demand/events.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { showToast } from "../toast/toast";
import { sceneEventsKey } from "./use-scene-events";

addOnDemandCatalogue(catalogue);

/** "Tue 1 Dec, 18:00" in the reader's own time zone. */
export const eventWhen = (iso: string) =>
  new Date(iso).toLocaleString([], {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });

/** When an event is, or that it is live now. */
export function EventTime({ event, now }: { event: SceneEvent; now: number }) {
  const { t } = useTranslation();
  const phase = eventPhase(event, now);
  return (
    <Group gap={6}>
      {phase === "live" ? (
        <Badge color="red" variant="filled" size="sm" data-testid="event-live">
          {t("events.live")}
        </Badge>
      ) : (
        <Text size="sm">{t("events.startsAt", { when: eventWhen(event.startsAt) })}</Text>
      )}
      <Text size="sm" c="dimmed">
        {t("events.minutes", { count: event.durationMinutes })}
      </Text>
    </Group>
  );
}

/**
 * The viewer's events sidebar (issue 19): the space's upcoming and live events, each with its
 * page's link; the space's owner schedules, changes and cancels them here, in their space.
 */
export function EventsPanel({
  sceneId,
  events,
  owner,
  onOpenChat,
}: {
  sceneId: string;
  events: SceneEvent[];
  owner: boolean;
  /** Opens the chat's Event tab (for the live event). */
  onOpenChat: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<SceneEvent | "new" | null>(null);
  const now = Date.now();
  if (editing) {
    return (
      <EventForm
        sceneId={sceneId}
        event={editing === "new" ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  }
  return (
    <Stack gap="md" data-testid="events-panel">
      {owner && (
        <Button onClick={() => setEditing("new")} data-testid="event-schedule">
          {t("events.schedule")}
        </Button>
      )}
      {events.length === 0 && <Text c="dimmed">{t("events.empty")}</Text>}
      {events.map((event) => (
        <Card key={event.eventId} withBorder padding="sm" data-testid="event-item">
          {event.coverPicture && (
            <Card.Section mb="xs">
              <Image src={event.coverPicture} alt="" h={120} fit="cover" />
            </Card.Section>
          )}
          <Stack gap={4}>
            <Text fw={700}>{event.title}</Text>
            <EventTime event={event} now={now} />
            {event.description && (
              <Text size="sm" c="dimmed" lineClamp={3}>
                {event.description}
              </Text>
            )}
            <Group gap="xs" mt={4}>
              {eventPhase(event, now) === "live" && (
                <Button size="compact-sm" onClick={onOpenChat} data-testid="event-open-chat">
                  {t("events.openChat")}
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                component={Link}
                to={eventPath(event.eventId)}
              >
                {t("events.page")}
              </Button>
              {owner && (
                <>
                  <Button size="compact-sm" variant="default" onClick={() => setEditing(event)}>
                    {t("events.edit")}
                  </Button>
                  <CancelButton event={event} sceneId={sceneId} />
                </>
              )}
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

function CancelButton({ event, sceneId }: { event: SceneEvent; sceneId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setAsking(true)}>
        {t("events.cancel")}
      </Button>
    );
  }
  return (
    <Stack gap={4} w="100%">
      <Text size="sm">{t("events.cancelConfirm")}</Text>
      <Group gap="xs">
        <Button
          size="compact-sm"
          color="red"
          onClick={async () => {
            await cancelEvent(event.eventId);
            await queryClient.invalidateQueries({ queryKey: sceneEventsKey(sceneId) });
          }}
        >
          {t("events.cancel")}
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => setAsking(false)}>
          {t("events.keep")}
        </Button>
      </Group>
    </Stack>
  );
}

/** `datetime-local`'s value (local time, minutes) for an ISO instant. */
function localInput(iso: string) {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The owner's form: schedule a new event or change one. The server's refusals show by field. */
function EventForm({
  sceneId,
  event,
  onDone,
}: {
  sceneId: string;
  event: SceneEvent | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(event?.title ?? "");
  const [description, setDescription] = useState(event?.description ?? "");
  const [startNow, setStartNow] = useState(event === null);
  const [start, setStart] = useState(
    localInput(event?.startsAt ?? new Date(Date.now() + 3600_000).toISOString()),
  );
  const [duration, setDuration] = useState<number | string>(event?.durationMinutes ?? 60);
  const [cover, setCover] = useState<File | null>(null);
  const [removeCover, setRemoveCover] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (submitted: FormEvent) => {
    submitted.preventDefault();
    const form = new FormData();
    if (!event) form.set("sceneId", sceneId);
    form.set("title", title);
    form.set("description", description);
    const startsAt = startNow ? new Date().toISOString() : new Date(start).toISOString();
    if (!event || startNow || startsAt !== event.startsAt) form.set("startsAt", startsAt);
    form.set("durationMinutes", String(duration));
    if (removeCover) form.set("removeCover", "true");
    if (cover) form.set("cover", cover);
    setSaving(true);
    try {
      if (event) await changeEvent(event.eventId, form);
      else await scheduleEvent(form);
      await queryClient.invalidateQueries({ queryKey: sceneEventsKey(sceneId) });
      showToast({ message: t(event ? "events.saved" : "events.scheduled") });
      onDone();
    } catch (err) {
      const fields: Record<string, string> = {};
      if (err instanceof ApiError) {
        for (const field of err.body.fields ?? []) {
          fields[field.path.replace(/^body\./, "")] = field.message;
        }
        if (Object.keys(fields).length === 0) fields.form = err.message;
      } else {
        fields.form = String(err);
      }
      setErrors(fields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} data-testid="event-form" noValidate>
      <Stack gap="sm">
        <Text fw={700}>{event ? event.title : t("events.schedule")}</Text>
        <TextInput
          label={t("events.form.title")}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          maxLength={EVENT_TITLE_MAX}
          required
          error={errors.title}
          data-testid="event-title"
        />
        <Textarea
          label={t("events.form.description")}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={EVENT_DESCRIPTION_MAX}
          autosize
          minRows={2}
          maxRows={6}
          error={errors.description}
        />
        <Switch
          label={t("events.form.startNow")}
          checked={startNow}
          onChange={(e) => setStartNow(e.currentTarget.checked)}
          data-testid="event-start-now"
        />
        {!startNow && (
          <TextInput
            type="datetime-local"
            label={t("events.form.start")}
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            error={errors.startsAt}
            data-testid="event-start"
          />
        )}
        {startNow && errors.startsAt && (
          <Text size="sm" c="red">
            {errors.startsAt}
          </Text>
        )}
        <NumberInput
          label={t("events.form.duration")}
          value={duration}
          onChange={setDuration}
          min={EVENT_DURATION_MIN_MINUTES}
          max={EVENT_DURATION_MAX_MINUTES}
          allowDecimal={false}
          error={errors.durationMinutes}
          data-testid="event-duration"
        />
        <FileInput
          label={t("events.form.cover")}
          placeholder={t("events.form.coverPick")}
          accept="image/png,image/jpeg,image/webp"
          value={cover}
          onChange={setCover}
          clearable
          error={errors.cover}
        />
        {event?.coverPicture && !cover && (
          <Switch
            label={t("events.form.removeCover")}
            checked={removeCover}
            onChange={(e) => setRemoveCover(e.currentTarget.checked)}
          />
        )}
        {errors.form && (
          <Text size="sm" c="red">
            {errors.form}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("events.form.back")}
          </Button>
          <Button type="submit" loading={saving} data-testid="event-submit">
            {t(event ? "events.form.save" : "events.form.create")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
