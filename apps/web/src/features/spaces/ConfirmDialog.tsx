import { Button, Group, Modal, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Red Yes for destructive actions. */
  danger?: boolean;
}

/** The spec's Yes / No confirmation (delete, hide...). */
export function ConfirmDialog({
  opened,
  title,
  body,
  onConfirm,
  onCancel,
  danger,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered data-testid="confirm-dialog">
      {body ? (
        <Text size="sm" mb="lg" style={{ overflowWrap: "anywhere" }}>
          {body}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t("common.no")}
        </Button>
        <Button color={danger ? "red" : undefined} onClick={onConfirm}>
          {t("common.yes")}
        </Button>
      </Group>
    </Modal>
  );
}
