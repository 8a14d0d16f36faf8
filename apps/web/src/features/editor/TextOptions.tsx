import {
  FONT_STYLES,
  FONT_TRANSFORMS,
  type FontItem,
  TEXT_ALIGNMENTS,
  type TextAsset,
} from "@atrium/domain";
import {
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchFonts } from "../../api/assets";
import { ColourField } from "./forms/ColourField";

/**
 * A 3D text's options (spec 1 §3 text asset): content, font, size (60 by default), bold,
 * italic, underline, upper / lower / small caps, colour, alignment, outline colour and width,
 * drop shadow. Every change is one edit of the placed text.
 */
export function TextOptions({
  text,
  onChange,
  disabled,
}: {
  text: TextAsset;
  onChange: (patch: Partial<TextAsset>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const fonts = useQuery({ queryKey: ["fonts"], queryFn: fetchFonts, staleTime: Infinity });
  return (
    <Stack gap="xs" data-testid="text-options">
      <Textarea
        label={t("editorUi.text.content")}
        defaultValue={text.content}
        key={text.content}
        autosize
        minRows={2}
        maxRows={3}
        maxLength={2000}
        disabled={disabled}
        onBlur={(event) => {
          const content = event.currentTarget.value;
          if (content.trim() && content !== text.content) onChange({ content });
        }}
      />
      <Select
        label={t("editorUi.text.font")}
        data={(fonts.data ?? []).map((font: FontItem) => ({
          value: font.fontId,
          label: font.title,
        }))}
        value={text.fontId}
        onChange={(value) => onChange({ fontId: value })}
        disabled={disabled}
        clearable
      />
      <NumberInput
        label={t("editorUi.text.size")}
        value={text.fontSize}
        min={1}
        max={1000}
        disabled={disabled}
        onChange={(value) =>
          typeof value === "number" && value > 0 && onChange({ fontSize: value })
        }
      />
      <Checkbox.Group
        label={t("editorUi.text.styles")}
        value={[...text.fontStyles]}
        onChange={(value) => onChange({ fontStyles: value as TextAsset["fontStyles"] })}
      >
        <Group gap="sm" mt={4}>
          {FONT_STYLES.map((style) => (
            <Checkbox
              key={style}
              value={style}
              label={t(`editorUi.text.style.${style}`)}
              disabled={disabled}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <SegmentedControl
        size="xs"
        data={FONT_TRANSFORMS.map((value) => ({
          value,
          label: t(`editorUi.text.transform.${value}`),
        }))}
        value={text.fontTransform}
        onChange={(value) => onChange({ fontTransform: value as TextAsset["fontTransform"] })}
        disabled={disabled}
      />
      <SegmentedControl
        size="xs"
        data={TEXT_ALIGNMENTS.map((value) => ({ value, label: t(`editorUi.text.align.${value}`) }))}
        value={text.alignment}
        onChange={(value) => onChange({ alignment: value as TextAsset["alignment"] })}
        disabled={disabled}
      />
      <ColourField
        label={t("editorUi.text.colour")}
        value={text.colorTint}
        onChange={(colorTint) => onChange({ colorTint })}
        disabled={disabled}
      />
      <ColourField
        label={t("editorUi.text.outlineColour")}
        value={text.outline.color}
        onChange={(color) => onChange({ outline: { ...text.outline, color } })}
        disabled={disabled}
      />
      <NumberInput
        label={t("editorUi.text.outlineWidth")}
        value={text.outline.width}
        min={0}
        max={100}
        disabled={disabled}
        onChange={(value) =>
          typeof value === "number" && onChange({ outline: { ...text.outline, width: value } })
        }
      />
      {text.hyperText ? (
        <TextInput
          label={t("editorUi.text.link")}
          defaultValue={text.link ?? ""}
          key={text.link ?? ""}
          maxLength={2048}
          disabled={disabled}
          onBlur={(event) => {
            const link = event.currentTarget.value.trim();
            if (link !== (text.link ?? "")) onChange({ link: link || null });
          }}
        />
      ) : null}
      <Switch
        label={t("editorUi.text.dropShadow")}
        checked={text.dropShadow}
        disabled={disabled}
        onChange={(event) => onChange({ dropShadow: event.currentTarget.checked })}
      />
    </Stack>
  );
}
