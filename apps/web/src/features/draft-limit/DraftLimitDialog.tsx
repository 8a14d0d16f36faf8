import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ROUTES, userPath } from "../../app/paths";
import { useMe } from "../auth/use-me";
import { closeDraftLimitDialog, getDraftLimitDialog, subscribeDraftLimitDialog } from "./store";
import "../spaces/catalogue";

/** The 'Draft limit reached' dialog (spec 2 §8) with its View drafts button. */
export function DraftLimitDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useMe();
  const state = useSyncExternalStore(subscribeDraftLimitDialog, getDraftLimitDialog);
  const go = (to: string) => {
    closeDraftLimitDialog();
    void navigate(to);
  };
  return (
    <Modal
      opened={state.open}
      onClose={closeDraftLimitDialog}
      title={t("editor.draftLimitReached")}
      centered
      data-testid="draft-limit-dialog"
    >
      <Stack>
        <Text>
          {state.limit === null
            ? t("draftLimit.bodyUnknown")
            : t("draftLimit.body", { limit: state.limit })}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => go(ROUTES.PRICING)}>
            {t("draftLimit.upgrade")}
          </Button>
          <Button
            onClick={() => go(me.data ? userPath(me.data.userId, "spaces", "drafts") : ROUTES.HOME)}
          >
            {t("editor.viewDrafts")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export default DraftLimitDialog;
