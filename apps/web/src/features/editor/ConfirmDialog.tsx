import { coreMessages } from "@atrium/domain/messages/core";
import { Button, Group, Modal, Text } from "@mantine/core";

/** The spec's confirm dialog (spec 2 §4): a confirm button ('Continue') and 'Cancel'. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = coreMessages.common.continue,
  onConfirm,
  onCancel,
  danger = false,
}: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered zIndex={10000001}>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {coreMessages.common.cancel}
        </Button>
        <Button
          color={danger ? "red" : undefined}
          onClick={onConfirm}
          data-testid="confirm-dialog-confirm"
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
