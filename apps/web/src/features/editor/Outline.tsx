import { SCENE_ITEM_LISTS, setItemsLocked } from "@atrium/domain";
import { ActionIcon, Group, ScrollArea, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import classes from "./Editor.module.css";
import { useEditorSnapshot, useEditorStore } from "./EditorContext";
import { reportEditError } from "./editor-messages";
import { listItems, sameRef } from "./store/editor-store";

/** The outline: every placed item by kind; click selects, shift-click adds to the selection. */
export function Outline() {
  const { t } = useTranslation();
  const store = useEditorStore();
  const { document, session } = useEditorSnapshot();
  const entries = listItems(document, SCENE_ITEM_LISTS);
  return (
    <Stack gap={4} className={classes.outline}>
      <Title order={5}>{t("editorUi.outline.title", { count: entries.length })}</Title>
      {entries.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t("editorUi.outline.empty")}
        </Text>
      ) : null}
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={2} data-testid="outline">
          {entries.map(({ list, item }) => {
            const ref = { list, id: item.id };
            const selected = session.selection.some((other) => sameRef(other, ref));
            return (
              <Group
                key={`${list}:${item.id}`}
                gap={4}
                wrap="nowrap"
                className={selected ? classes.outlineSelected : classes.outlineRow}
              >
                <UnstyledButton
                  className={classes.outlineName}
                  onClick={(event) =>
                    event.shiftKey || event.metaKey || event.ctrlKey
                      ? store.toggleSelected(ref)
                      : store.select([ref])
                  }
                  aria-pressed={selected}
                  data-testid="outline-item"
                  data-list={list}
                >
                  <Text size="xs" c="dimmed" span>
                    {t(`editorUi.outline.kinds.${list}`)}
                  </Text>{" "}
                  <Text size="sm" span>
                    {item.title ||
                      ("text" in item ? (item.text as { content: string }).content : item.id)}
                  </Text>
                </UnstyledButton>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color={item.locked ? "orange" : "gray"}
                  aria-label={
                    item.locked ? t("editorUi.outline.unlock") : t("editorUi.outline.lock")
                  }
                  onClick={() =>
                    reportEditError(store.run((d) => setItemsLocked(d, [ref], !item.locked)))
                  }
                >
                  <LockIcon locked={item.locked} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

function LockIcon({ locked }: { locked: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d={locked ? "M8 11V7a4 4 0 0 1 8 0v4" : "M8 11V7a4 4 0 0 1 7.5-2"} />
    </svg>
  );
}
