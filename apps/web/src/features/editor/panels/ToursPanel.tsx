import {
  addGuidedTour,
  type GuidedTour,
  type LibraryAsset,
  removeGuidedTour,
  type TourPoint,
} from "@atrium/domain";
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/client";
import {
  createTour,
  createTourPoint,
  deleteTour,
  deleteTourPoint,
  fetchTour,
  updateTour,
  updateTourPoint,
} from "../../../api/tours";
import { AudioRecorder } from "../../audio/AudioRecorder";
import { useEditorSnapshot, useEditorStore, useViewBridge } from "../EditorContext";
import { reportEditError } from "../editor-messages";
import { DurationField } from "../forms/DurationField";
import type { SceneSaver } from "../use-scene-saver";

const tourKey = (id: string) => ["guided-tour", id] as const;
const fetchAudio = () =>
  api<LibraryAsset[]>("/api/assetService/audio/myLibrary", { query: { cp: 0, ipp: 60 } });

/**
 * Create Stories or Paths: guided tours of ordered points. A point takes the 3D view's camera
 * position and rotation; each has a title, description, duration (mm:ss, more than 3 s) and
 * optional audio. Points reorder with the arrows; Preview flies through them.
 */
export function ToursPanel({ saver }: { saver: SceneSaver }) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const { document, session } = useEditorSnapshot();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [openTour, setOpenTour] = useState<string | null>(document.guidedTours[0] ?? null);

  const create = useMutation({
    mutationFn: async () => {
      let sceneId = store.getSession().sceneId;
      if (!sceneId) {
        // a tour belongs to a saved scene: save first
        if (!(await saver.save())) throw new Error("not saved");
        sceneId = store.getSession().sceneId;
      }
      if (!sceneId) throw new Error("not saved");
      return createTour({ sceneId, title: title.trim() || t("editorUi.tours.untitled") });
    },
    onSuccess: (tour) => {
      queryClient.setQueryData(tourKey(tour.guidedTourId), tour);
      reportEditError(store.run((d) => addGuidedTour(d, tour.guidedTourId)));
      setOpenTour(tour.guidedTourId);
      setTitle("");
    },
    onError: () => reportEditError(t("editorUi.tours.failed")),
  });

  const disabled = session.readOnlyReason !== null;
  return (
    <Stack gap="sm">
      <Title order={3}>{t("editor.steps.createStoriesOrPaths")}</Title>
      <Text size="sm" c="dimmed">
        {t("editorUi.tours.intro")}
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t("editorUi.tours.newTitle")}
          value={title}
          maxLength={100}
          onChange={(event) => setTitle(event.currentTarget.value)}
          style={{ flex: 1 }}
          disabled={disabled}
          data-testid="tour-title"
        />
        <Button
          onClick={() => create.mutate()}
          loading={create.isPending}
          disabled={disabled}
          data-testid="tour-create"
        >
          {t("editorUi.tours.create")}
        </Button>
      </Group>
      {document.guidedTours.map((guidedTourId) => (
        <TourCard
          key={guidedTourId}
          guidedTourId={guidedTourId}
          open={openTour === guidedTourId}
          onOpen={() => setOpenTour(openTour === guidedTourId ? null : guidedTourId)}
          onRemove={async () => {
            await deleteTour(guidedTourId).catch(() => undefined);
            reportEditError(store.run((d) => removeGuidedTour(d, guidedTourId)));
          }}
          disabled={disabled}
        />
      ))}
    </Stack>
  );
}

function TourCard({
  guidedTourId,
  open,
  onOpen,
  onRemove,
  disabled,
}: {
  guidedTourId: string;
  open: boolean;
  onOpen: () => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const view = useViewBridge();
  const queryClient = useQueryClient();
  const tour = useQuery({
    queryKey: tourKey(guidedTourId),
    queryFn: () => fetchTour(guidedTourId),
  });
  const audio = useQuery({
    queryKey: ["editor-library", "audio"],
    queryFn: fetchAudio,
    enabled: open,
  });
  const [previewing, setPreviewing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: tourKey(guidedTourId) });
  const points = [...(tour.data?.points ?? [])].sort((a, b) => a.order - b.order);

  const addPoint = useMutation({
    mutationFn: async () => {
      // a visitor's eye: the walker's, or the overview made a standing pose inside the walls
      const pose = view.getStandingPose();
      if (!pose) throw new Error("no view");
      return createTourPoint({
        guidedTourId,
        order: points.length === 0 ? 0 : Math.max(...points.map((p) => p.order)) + 1,
        title: t("editorUi.tours.pointName", { n: points.length + 1 }),
        description: "",
        audioUri: null,
        position: pose.position,
        rotation: pose.rotation,
        duration: 10,
      });
    },
    onSuccess: () => void refresh(),
    onError: (error) =>
      reportEditError(
        (error as Error).message === "no view"
          ? t("editorUi.tours.needView")
          : t("editorUi.tours.failed"),
      ),
  });

  const patchPoint = async (point: TourPoint, patch: Partial<TourPoint>) => {
    try {
      await updateTourPoint(point.guidedTourPointId, patch);
    } catch {
      reportEditError(t("editorUi.tours.failed"));
    }
    await refresh();
  };

  const move = async (index: number, by: -1 | 1) => {
    const point = points[index];
    if (!point || !points[index + by]) return;
    try {
      // the service moves a point to the order it is given and renumbers the others
      await updateTourPoint(point.guidedTourPointId, { order: index + by });
    } catch {
      reportEditError(t("editorUi.tours.failed"));
    }
    await refresh();
  };

  const preview = (index = 0) => {
    const point = points[index];
    if (!point) {
      setPreviewing(false);
      return;
    }
    setPreviewing(true);
    view.flyTo({ position: point.position, rotation: point.rotation });
    // the preview shows each stop briefly; visitors get the full durations
    timer.current = setTimeout(() => preview(index + 1), Math.min(point.duration, 3) * 1000);
  };
  const stopPreview = () => {
    if (timer.current) clearTimeout(timer.current);
    setPreviewing(false);
  };

  return (
    <Card withBorder padding="sm" data-testid="tour-card">
      <Group justify="space-between" wrap="nowrap">
        <Button variant="subtle" size="compact-sm" onClick={onOpen} px={0}>
          {tour.data?.title ?? t("common.loading")}
        </Button>
        <Text size="xs" c="dimmed">
          {t("editorUi.tours.pointCount", { count: points.length })}
        </Text>
      </Group>
      {open && tour.data ? (
        <Stack gap="xs" mt="xs">
          <TourFields tour={tour.data} onSaved={refresh} disabled={disabled} />
          {points.map((point, index) => (
            <Card key={point.guidedTourPointId} withBorder padding="xs" data-testid="tour-point">
              <Stack gap={6}>
                <Group gap={4} wrap="nowrap">
                  <TextInput
                    size="xs"
                    aria-label={t("editorUi.tours.pointTitle")}
                    defaultValue={point.title}
                    maxLength={100}
                    style={{ flex: 1 }}
                    onBlur={(event) =>
                      event.currentTarget.value !== point.title &&
                      void patchPoint(point, { title: event.currentTarget.value })
                    }
                  />
                  <ActionIcon
                    size="sm"
                    variant="default"
                    aria-label={t("editorUi.tours.up")}
                    disabled={index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="default"
                    aria-label={t("editorUi.tours.down")}
                    disabled={index === points.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    ↓
                  </ActionIcon>
                </Group>
                <Textarea
                  size="xs"
                  aria-label={t("editorUi.tours.pointDescription")}
                  placeholder={t("editorUi.tours.pointDescription")}
                  defaultValue={point.description}
                  autosize
                  minRows={2}
                  maxRows={3}
                  onBlur={(event) =>
                    event.currentTarget.value !== point.description &&
                    void patchPoint(point, { description: event.currentTarget.value })
                  }
                />
                <Group gap="xs" align="flex-end" wrap="nowrap">
                  <DurationField
                    label={t("editorUi.tours.duration")}
                    seconds={point.duration}
                    onChange={(duration) => duration > 3 && void patchPoint(point, { duration })}
                  />
                  <Select
                    size="xs"
                    label={t("editorUi.tours.audio")}
                    clearable
                    data={(audio.data ?? []).flatMap((asset) =>
                      asset.fileUrl ? [{ value: asset.fileUrl, label: asset.title }] : [],
                    )}
                    value={point.audioUri}
                    onChange={(value) => void patchPoint(point, { audioUri: value })}
                    style={{ flex: 1 }}
                  />
                </Group>
                <AudioRecorder
                  title={t("editorUi.audio.recordingTitle", {
                    tour: tour.data?.title ?? "",
                    point: point.title,
                  })}
                  disabled={disabled}
                  onRecorded={(asset) => {
                    if (asset.fileUrl) void patchPoint(point, { audioUri: asset.fileUrl });
                  }}
                  onError={reportEditError}
                />
                <Group gap={4}>
                  <Button size="compact-xs" variant="default" onClick={() => view.flyTo(point)}>
                    {t("editorUi.tours.goTo")}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => {
                      const pose = view.getStandingPose();
                      if (pose)
                        void patchPoint(point, {
                          position: pose.position,
                          rotation: pose.rotation,
                        });
                      else reportEditError(t("editorUi.tours.needView"));
                    }}
                  >
                    {t("editorUi.tours.useView")}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      void deleteTourPoint(point.guidedTourPointId).then(refresh, () =>
                        reportEditError(t("editorUi.tours.failed")),
                      )
                    }
                  >
                    {t("editorUi.tours.removePoint")}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
          {!view.available ? (
            <Alert color="gray" p="xs">
              <Text size="xs">{t("editorUi.tours.needView")}</Text>
            </Alert>
          ) : null}
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => addPoint.mutate()}
              loading={addPoint.isPending}
              disabled={disabled}
              data-testid="tour-add-point"
            >
              {t("editorUi.tours.addPoint")}
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={points.length === 0}
              onClick={() => (previewing ? stopPreview() : preview())}
              data-testid="tour-preview"
            >
              {previewing ? t("editorUi.tours.stop") : t("editorUi.tours.preview")}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onRemove} disabled={disabled}>
              {t("editorUi.tours.remove")}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}

function TourFields({
  tour,
  onSaved,
  disabled,
}: {
  tour: GuidedTour;
  onSaved: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const save = async (patch: Partial<Pick<GuidedTour, "title" | "description">>) => {
    try {
      await updateTour(tour.guidedTourId, patch);
      onSaved();
    } catch {
      reportEditError(t("editorUi.tours.failed"));
    }
  };
  return (
    <>
      <TextInput
        size="xs"
        label={t("editorUi.tours.title")}
        defaultValue={tour.title}
        maxLength={100}
        disabled={disabled}
        onBlur={(event) => {
          const title = event.currentTarget.value.trim();
          if (title && title !== tour.title) void save({ title });
        }}
      />
      <Textarea
        size="xs"
        label={t("editorUi.tours.description")}
        defaultValue={tour.description}
        autosize
        minRows={2}
        maxRows={3}
        disabled={disabled}
        onBlur={(event) =>
          event.currentTarget.value !== tour.description &&
          void save({ description: event.currentTarget.value })
        }
      />
    </>
  );
}
