import type { GuidedTour } from "@atrium/domain";
import { Button, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

function minutes(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return `${m}:${String(s).padStart(2, "0")}`;
}

/** The space's paths (guided tours); Play starts one. */
export function PathsPanel({
  tours,
  onPlay,
}: {
  tours: GuidedTour[];
  onPlay: (tour: GuidedTour) => void;
}) {
  const { t } = useTranslation();
  if (tours.length === 0) return <Text c="dimmed">{t("viewerPage.paths.empty")}</Text>;
  return (
    <Stack gap="sm" data-testid="paths-list">
      {tours.map((tour) => (
        <Card key={tour.guidedTourId} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} truncate>
                {tour.title}
              </Text>
              <Text size="xs" c="dimmed">
                {t("viewerPage.paths.points", { count: tour.points.length })} ·{" "}
                {minutes(tour.duration)}
              </Text>
              {tour.description && (
                <Text size="sm" lineClamp={3} mt={4}>
                  {tour.description}
                </Text>
              )}
            </div>
            <Button size="xs" onClick={() => onPlay(tour)} disabled={tour.points.length === 0}>
              {t("viewerPage.paths.play")}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
