import { FILTERING_MODES, GRAPHICS_QUALITY_LEVELS, MEASUREMENT_UNITS } from "@atrium/domain";
import { SegmentedControl, Select, Slider, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ViewerSettings } from "../settings";
import "../../../i18n/areas/viewer";

/** Graphics quality, filtering, units and audio volume (kept in this browser). */
export function SettingsPanel({
  settings,
  onChange,
}: {
  settings: ViewerSettings;
  onChange: (next: ViewerSettings) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="viewer-settings">
      <Select
        label={t("viewerPage.settings.quality")}
        value={settings.quality}
        allowDeselect={false}
        comboboxProps={{ zIndex: 10000002 }}
        data={GRAPHICS_QUALITY_LEVELS.map((level) => ({
          value: level,
          label: t(`viewer.graphicsQuality.${level}`),
        }))}
        onChange={(value) =>
          value && onChange({ ...settings, quality: value as ViewerSettings["quality"] })
        }
      />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t("viewerPage.settings.filtering")}
        </Text>
        <SegmentedControl
          fullWidth
          value={settings.filtering}
          data={FILTERING_MODES.map((mode) => ({
            value: mode,
            label: t(`viewer.filteringModes.${mode}`),
          }))}
          onChange={(value) =>
            onChange({ ...settings, filtering: value as ViewerSettings["filtering"] })
          }
        />
      </div>
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t("viewerPage.settings.units")}
        </Text>
        <SegmentedControl
          fullWidth
          value={settings.units}
          data={MEASUREMENT_UNITS.map((unit) => ({
            value: unit,
            label: t(`viewer.units.${unit}`),
          }))}
          onChange={(value) => onChange({ ...settings, units: value as ViewerSettings["units"] })}
        />
      </div>
      <div>
        <Text size="sm" fw={500} mb={4} id="viewer-volume-label">
          {t("viewerPage.settings.volume")}: {settings.volume}
        </Text>
        <Slider
          aria-labelledby="viewer-volume-label"
          min={0}
          max={100}
          step={1}
          value={settings.volume}
          onChange={(volume) => onChange({ ...settings, volume })}
        />
      </div>
    </Stack>
  );
}
