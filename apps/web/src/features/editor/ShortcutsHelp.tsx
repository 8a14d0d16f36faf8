import { ActionIcon, Modal, Table, Tooltip } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SHORTCUTS } from "./shortcuts";

/** The keyboard shortcuts, listed from the same table the key handler uses. */
export function ShortcutsHelp() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label={t("editorUi.shortcuts.title")}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t("editorUi.shortcuts.title")}
          onClick={() => setOpened(true)}
        >
          ?
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t("editorUi.shortcuts.title")}
        centered
        zIndex={10000001}
      >
        <Table>
          <Table.Tbody>
            {SHORTCUTS.map((shortcut) => (
              <Table.Tr key={shortcut.action}>
                <Table.Td>
                  <kbd>{shortcut.keys}</kbd>
                </Table.Td>
                <Table.Td>{t(`editorUi.shortcuts.actions.${shortcut.action}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Modal>
    </>
  );
}
