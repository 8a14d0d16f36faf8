import type { GuidedTour } from "@atrium/domain";
import { ActionIcon, Group, Paper, Progress, Stack, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ViewerIcon } from "./icons";
import type { TourState } from "./tour-player";
import { MIN_POINT_SECONDS } from "./tour-player";

/** The playing path: the point's name and description, its progress, and the controls. */
export function TourBar({
  tour,
  state,
  onPlay,
  onPause,
  onNext,
  onPrevious,
  onStop,
}: {
  tour: GuidedTour;
  state: TourState;
  onPlay: () => void;
  onPause: () => void;
  onNext: () => void;
  onPrevious: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation();
  const point = tour.points[state.index];
  const ended = state.phase === "ended";
  const duration = Math.max(MIN_POINT_SECONDS, point?.duration ?? 0);
  return (
    <Paper
      data-testid="tour-bar"
      shadow="lg"
      radius="lg"
      p="md"
      pos="absolute"
      bottom={16}
      left="50%"
      w="min(560px, calc(100% - 32px))"
      style={{ transform: "translateX(-50%)", zIndex: 14 }}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="xs" c="dimmed" truncate>
            {tour.title} ·{" "}
            {ended
              ? t("viewerPage.paths.ended")
              : t("viewerPage.paths.pointOf", {
                  index: state.index + 1,
                  count: tour.points.length,
                })}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t("viewerPage.paths.previous")}>
              <ActionIcon
                variant="subtle"
                onClick={onPrevious}
                aria-label={t("viewerPage.paths.previous")}
                disabled={ended}
              >
                <ViewerIcon name="prev" size={16} />
              </ActionIcon>
            </Tooltip>
            {state.paused || ended ? (
              <Tooltip label={t("viewerPage.paths.play")}>
                <ActionIcon
                  variant="filled"
                  onClick={onPlay}
                  aria-label={t("viewerPage.paths.play")}
                >
                  <ViewerIcon name="play" size={16} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Tooltip label={t("viewerPage.paths.pause")}>
                <ActionIcon
                  variant="filled"
                  onClick={onPause}
                  aria-label={t("viewerPage.paths.pause")}
                >
                  <ViewerIcon name="pause" size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t("viewerPage.paths.next")}>
              <ActionIcon
                variant="subtle"
                onClick={onNext}
                aria-label={t("viewerPage.paths.next")}
                disabled={ended}
              >
                <ViewerIcon name="next" size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t("viewerPage.paths.stop")}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={onStop}
                aria-label={t("viewerPage.paths.stop")}
              >
                <ViewerIcon name="close" size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {!ended && point && (
          <>
            <Text fw={700} data-testid="tour-point-title">
              {point.title}
            </Text>
            {point.description && (
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }} lineClamp={4}>
                {point.description}
              </Text>
            )}
            <Progress
              size="xs"
              value={state.phase === "showing" ? (state.elapsed / duration) * 100 : 0}
              aria-hidden
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
