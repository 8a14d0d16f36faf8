import {
  type AnyItem,
  findItem,
  type TextAsset,
  transformItems,
  updateItem,
  type Vec3,
} from "@atrium/domain";
import { Button, Group, NumberInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useEditorSnapshot, useEditorStore } from "./EditorContext";
import { reportEditError } from "./editor-messages";
import { deleteSelection, duplicateSelection, toggleLockSelection } from "./item-actions";
import { KindFields } from "./KindFields";
import { TextOptions } from "./TextOptions";

const AXES = ["x", "y", "z"] as const;

/** The selected item's fields: title, transform, lock, duplicate, delete, and a text's options. */
export function Inspector() {
  const { t } = useTranslation();
  const store = useEditorStore();
  const { document, session } = useEditorSnapshot();
  const disabled = session.readOnlyReason !== null;
  if (session.selection.length === 0) return null;
  if (session.selection.length > 1) {
    return (
      <Stack gap="xs">
        <Title order={5}>{t("editorUi.inspector.many", { count: session.selection.length })}</Title>
        <SelectionButtons disabled={disabled} />
      </Stack>
    );
  }
  const ref = session.selection[0];
  if (!ref) return null;
  let item: AnyItem;
  try {
    item = findItem(document, ref).item;
  } catch {
    return null;
  }
  const setVector = (field: "position" | "rotation" | "scale", axis: number, value: number) => {
    const next = [...item[field]] as Vec3;
    next[axis] = field === "rotation" ? (value * Math.PI) / 180 : value;
    reportEditError(store.run((d) => transformItems(d, [{ ref, [field]: next }])));
  };
  return (
    <Stack gap="xs" data-testid="inspector">
      <Title order={5}>{t(`editorUi.outline.kinds.${ref.list}`)}</Title>
      <TextInput
        label={t("editorUi.inspector.title")}
        defaultValue={item.title}
        key={`${item.id}:${item.title}`}
        maxLength={100}
        disabled={disabled}
        onBlur={(event) => {
          const title = event.currentTarget.value;
          if (title !== item.title)
            reportEditError(store.run((d) => updateItem(d, ref, { title }, "Rename")));
        }}
      />
      {(["position", "rotation", "scale"] as const).map((field) => (
        <div key={field}>
          <Text size="xs" fw={600}>
            {t(`editorUi.inspector.${field}`)}
          </Text>
          <Group gap={4} grow wrap="nowrap">
            {AXES.map((axis, index) => (
              <NumberInput
                key={`${item.id}:${field}:${axis}:${item[field][index]}`}
                aria-label={`${t(`editorUi.inspector.${field}`)} ${axis}`}
                size="xs"
                decimalScale={field === "rotation" ? 0 : 2}
                step={field === "rotation" ? 15 : 0.1}
                min={field === "scale" ? 0.01 : undefined}
                defaultValue={
                  field === "rotation"
                    ? Math.round((item[field][index] as number) * (180 / Math.PI))
                    : item[field][index]
                }
                leftSection={<Text size="xs">{axis}</Text>}
                disabled={disabled || item.locked}
                onBlur={(event) => {
                  const value = Number.parseFloat(event.currentTarget.value);
                  if (Number.isFinite(value)) setVector(field, index, value);
                }}
              />
            ))}
          </Group>
        </div>
      ))}
      <KindFields itemRef={ref} item={item} disabled={disabled} />
      {ref.list === "texts3d" && "text" in item ? (
        <TextOptions
          text={item.text as TextAsset}
          disabled={disabled}
          onChange={(patch) =>
            reportEditError(
              store.run((d) =>
                updateItem(
                  d,
                  ref,
                  { text: { ...(item as { text: TextAsset }).text, ...patch } },
                  "Edit text",
                ),
              ),
            )
          }
        />
      ) : null}
      <SelectionButtons disabled={disabled} locked={item.locked} />
    </Stack>
  );
}

function SelectionButtons({ disabled, locked }: { disabled: boolean; locked?: boolean }) {
  const { t } = useTranslation();
  const store = useEditorStore();
  return (
    <Group gap={6}>
      <Button
        size="xs"
        variant="default"
        disabled={disabled}
        onClick={() => duplicateSelection(store)}
      >
        {t("editorUi.inspector.duplicate")}
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={disabled}
        onClick={() => toggleLockSelection(store)}
      >
        {locked ? t("editorUi.outline.unlock") : t("editorUi.outline.lock")}
      </Button>
      <Button
        size="xs"
        color="red"
        variant="light"
        disabled={disabled}
        onClick={() => deleteSelection(store)}
        data-testid="delete-selection"
      >
        {t("editorUi.inspector.delete")}
      </Button>
    </Group>
  );
}
