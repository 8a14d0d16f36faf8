import type { DistrictSettingsPatch } from "@atrium/domain";
import {
  DISTRICT_DESCRIPTION_MAX_LENGTH,
  DISTRICT_SUBTITLE_MAX_LENGTH,
} from "@atrium/domain/constants";
import { validateDistrictTitle } from "@atrium/domain/rules/district-validation";
import {
  Button,
  ColorInput,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { updateDistrictSettings } from "../../api/districts";
import { showToast } from "../../features/toast/toast";
import type { DistrictContext } from "./DistrictHomePage";
import { DEFAULT_DISTRICT_THEME } from "./district-look";
import { districtAccessKey, districtInfoKey } from "./use-district";
import "./catalogue";

/** Fonts a district may choose: the platform's and common families every system has. */
export const DISTRICT_FONTS = [
  "Urbanist",
  "Georgia, serif",
  "Helvetica, Arial, sans-serif",
  "'Times New Roman', serif",
  "'Courier New', monospace",
  "Verdana, sans-serif",
] as const;

type Field = "title" | "subtitle" | "description" | "styles";

/** The owner's settings (manage/settings): title, texts, styles and the three visibilities. */
export function DistrictSettings({ context }: { context: DistrictContext }) {
  const { t } = useTranslation();
  const { district, look } = context;
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(district.title);
  const [subtitle, setSubtitle] = useState(district.subtitle);
  const [description, setDescription] = useState(district.description);
  const [theme, setTheme] = useState(look.accent);
  const [font, setFont] = useState<string>(look.fontFamily ?? "");
  const [visibility, setVisibility] = useState({
    public: district.public,
    visible: district.visible,
    listed: district.listed,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (patch: DistrictSettingsPatch) =>
      updateDistrictSettings(district.districtId, patch),
    onSuccess: () => {
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: districtInfoKey(district.subdomain) });
      void queryClient.invalidateQueries({ queryKey: districtAccessKey(district.subdomain) });
      showToast({ color: "green", message: t("districtSite.settings.saved") });
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) {
        setErrors({ title: t("errors.somethingWentWrong") });
        return;
      }
      const next: Partial<Record<Field, string>> = {};
      for (const field of ["title", "subtitle", "description", "styles"] as const) {
        const message =
          error.fieldMessage(`body.${field}`) ??
          (field === "styles"
            ? (error.fieldMessage("body.styles.theme") ??
              error.fieldMessage("body.styles.fontFamily"))
            : undefined);
        if (message) next[field] = message;
      }
      setErrors(Object.keys(next).length > 0 ? next : { title: error.message });
    },
  });

  const submit = () => {
    const titleProblem = validateDistrictTitle(title);
    if (titleProblem) {
      setErrors({ title: titleProblem });
      return;
    }
    save.mutate({
      title,
      subtitle,
      description,
      styles: { theme, ...(font ? { fontFamily: font } : {}) },
      ...visibility,
    });
  };

  return (
    <Paper withBorder radius="xl" p={{ base: "md", sm: "xl" }} maw={760}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text c="dimmed">
            {t("districtSite.settings.intro", { subdomain: district.subdomain })}
          </Text>
          <TextInput
            label={t("districtSite.settings.title")}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={errors.title}
            maxLength={50}
            required
          />
          <TextInput
            label={t("districtSite.settings.subtitle")}
            value={subtitle}
            onChange={(event) => setSubtitle(event.currentTarget.value)}
            error={errors.subtitle}
            maxLength={DISTRICT_SUBTITLE_MAX_LENGTH}
          />
          <Textarea
            label={t("districtSite.settings.description")}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            error={errors.description}
            maxLength={DISTRICT_DESCRIPTION_MAX_LENGTH}
            autosize
            minRows={3}
          />
          <Group grow align="flex-start" wrap="wrap">
            <ColorInput
              label={t("districtSite.settings.theme")}
              value={theme}
              onChange={setTheme}
              format="hex"
              error={errors.styles}
              placeholder={DEFAULT_DISTRICT_THEME}
              miw={200}
            />
            <Select
              label={t("districtSite.settings.font")}
              data={[
                { value: "", label: t("districtSite.settings.fontDefault") },
                ...DISTRICT_FONTS.map((family) => ({
                  value: family,
                  label: family.split(",")[0]?.replaceAll("'", "") ?? family,
                })),
              ]}
              value={font}
              allowDeselect={false}
              onChange={(value) => setFont(value ?? "")}
              miw={200}
            />
          </Group>
          <Title order={2} size="h4" mt="sm">
            {t("districtSite.settings.visibility")}
          </Title>
          {(["public", "visible", "listed"] as const).map((key) => (
            <Switch
              key={key}
              label={t(`districtSite.settings.${key}`)}
              description={t(`districtSite.settings.${key}Hint`)}
              checked={visibility[key]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setVisibility((current) => ({ ...current, [key]: checked }));
              }}
              color={look.accent}
            />
          ))}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} color={look.accent}>
              {t("districtSite.settings.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
