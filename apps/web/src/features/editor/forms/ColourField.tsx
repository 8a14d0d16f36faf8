import { filterColourInput, isValidHexColour } from "@atrium/domain/rules/colour-input";
import { ColorSwatch, Group, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A hex colour (spec 2 §5.1): only '#' and hex digits can be typed; 3, 6 or 8 digits are valid
 * and committed; anything else shows under the input and is not applied.
 */
export function ColourField({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const valid = isValidHexColour(text);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={text}
        disabled={disabled}
        error={valid ? null : t("editorUi.forms.invalidColour")}
        leftSection={<ColorSwatch color={valid ? text : "#ffffff"} size={16} />}
        onChange={(event) => {
          const next = filterColourInput(event.currentTarget.value, "hex");
          setText(next);
          if (isValidHexColour(next) && next !== value) onChange(next);
        }}
        style={{ flex: 1 }}
      />
      <input
        type="color"
        aria-label={t("editorUi.forms.pickColour", { label })}
        value={valid && text.length === 7 ? text : "#ffffff"}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        style={{ width: 36, height: 36, border: 0, padding: 0, background: "none" }}
      />
    </Group>
  );
}
