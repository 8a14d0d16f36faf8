import { DEFAULT_FONT_ID, type LibraryAsset, type Text3dAsset } from "@atrium/domain";
import { TEXT_FONT_SIZE_DEFAULT } from "@atrium/domain/constants";
import { unsupportedCharacters } from "@atrium/domain/rules/font-coverage";
import {
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchFontCoverage, fetchFonts, updateAsset, uploadAsset } from "../../api/assets";
import { ApiError } from "../../api/client";
import { FormActions } from "./FormActions";
import { type TextFormFields, textFromForm } from "./text-asset-form";
import "./catalogue";

type Style = "bold" | "italic" | "underline";

/** Creates or edits a 3D text or hypertext, reporting characters the chosen font cannot draw. */
export function TextAssetForm({
  hyperText,
  existing,
  onCancel,
  onSaved,
}: {
  hyperText: boolean;
  existing?: Text3dAsset;
  onCancel: () => void;
  onSaved: (asset: LibraryAsset) => void;
}) {
  const { t } = useTranslation();
  const fonts = useQuery({
    queryKey: ["fonts"],
    queryFn: fetchFonts,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const coverage = useQuery({
    queryKey: ["font-coverage"],
    queryFn: fetchFontCoverage,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const initial = existing?.text;
  const [title, setTitle] = useState(existing?.title ?? "");
  const [content, setContent] = useState(initial?.content ?? "");
  const [fontId, setFontId] = useState<string>(initial?.fontId ?? DEFAULT_FONT_ID);
  const [fontSize, setFontSize] = useState<number>(initial?.fontSize ?? TEXT_FONT_SIZE_DEFAULT);
  const [color, setColor] = useState(initial?.colorTint ?? "#ffffff");
  const [styles, setStyles] = useState<Style[]>([...(initial?.fontStyles ?? [])]);
  const [alignment, setAlignment] = useState<string>(initial?.alignment ?? "center");
  const [link, setLink] = useState(initial?.link ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const missing = useMemo(() => {
    const ranges = coverage.data?.find((font) => font.fontId === fontId)?.ranges;
    return ranges ? unsupportedCharacters(content, ranges) : [];
  }, [coverage.data, fontId, content]);
  const fontName = fonts.data?.find((font) => font.fontId === fontId)?.title ?? "";

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (content.trim() === "") {
      setError(t("forms.required"));
      return;
    }
    const text = textFromForm(initial, {
      content,
      fontId,
      fontSize,
      fontStyles: styles,
      colorTint: color,
      alignment: alignment as TextFormFields["alignment"],
      hyperText,
      link,
    });
    setBusy(true);
    try {
      const body = { title: title.trim() || content.slice(0, 60), text };
      onSaved(existing ? await updateAsset(existing, body) : await uploadAsset("text3d", body));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t("errors.somethingWentWrong"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label={t("library.form.content")}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          required
          error={
            missing.length > 0
              ? t("library.details.unsupported", { chars: missing.join(" ") })
              : undefined
          }
          data-testid="text-content"
        />
        <Group grow align="flex-start">
          <Select
            label={t("library.form.font")}
            data={(fonts.data ?? []).map((font) => ({ value: font.fontId, label: font.title }))}
            value={fontId}
            onChange={(value) => value && setFontId(value)}
            allowDeselect={false}
            aria-description={fontName}
          />
          <NumberInput
            label={t("library.form.fontSize")}
            value={fontSize}
            min={1}
            max={1000}
            onChange={(value) => setFontSize(Number(value) || TEXT_FONT_SIZE_DEFAULT)}
          />
        </Group>
        <Group grow align="flex-start">
          <ColorInput
            label={t("library.form.color")}
            value={color}
            onChange={setColor}
            format="hex"
          />
          <Stack gap={4}>
            <Checkbox.Group
              label={t("library.form.styles")}
              value={styles}
              onChange={(value) => setStyles(value as Style[])}
            >
              <Group gap="sm" mt={6}>
                <Checkbox value="bold" label={t("library.form.bold")} />
                <Checkbox value="italic" label={t("library.form.italic")} />
                <Checkbox value="underline" label={t("library.form.underline")} />
              </Group>
            </Checkbox.Group>
          </Stack>
        </Group>
        <SegmentedControl
          value={alignment}
          onChange={setAlignment}
          aria-label={t("library.form.alignment")}
          data={[
            { value: "left", label: t("library.form.left") },
            { value: "center", label: t("library.form.center") },
            { value: "right", label: t("library.form.right") },
          ]}
        />
        {hyperText ? (
          <TextInput
            label={t("library.form.link")}
            placeholder={t("library.form.linkPlaceholder")}
            value={link}
            onChange={(event) => setLink(event.currentTarget.value)}
            required
            type="url"
          />
        ) : null}
        <TextInput
          label={t("library.form.title")}
          placeholder={t("library.form.titlePlaceholder")}
          value={title}
          maxLength={100}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <FormActions
          error={error}
          busy={busy}
          submitLabel={existing ? t("library.edit.save") : t("library.form.createText")}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
