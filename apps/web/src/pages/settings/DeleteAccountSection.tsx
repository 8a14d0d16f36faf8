import { coreMessages } from "@atrium/domain/messages/core";
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { deleteAccount } from "../../api/accounts";
import { ApiError } from "../../api/client";
import { ROUTES } from "../../app/paths";
import { clearSessionEnding, markSessionEnding } from "../../features/auth/session-ending";
import { type Me, meQueryKey } from "../../features/auth/use-me";
import { showToast } from "../../features/toast/toast";
import "../../i18n/areas/account";

/** Account deletion: irreversible (spec 1 §4), confirmed with the password. */
export function DeleteAccountSection({ me }: { me: Me }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [secret, setSecret] = useState("");
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => {
      // from here on the server may end the session at any moment
      markSessionEnding();
      return deleteAccount(me.hasPassword ? { password: secret } : { confirmEmail: secret });
    },
    onError: clearSessionEnding,
    onSuccess: async () => {
      showToast({ message: t("accounts.delete.done") });
      await navigate(ROUTES.HOME, { replace: true });
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] });
    },
  });
  const error = remove.error
    ? remove.error instanceof ApiError && remove.error.status === 400
      ? coreMessages.errors.incorrectPassword
      : coreMessages.errors.accountDeletionFailed
    : null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate();
  };
  return (
    <Paper
      withBorder
      p={{ base: "md", sm: "lg" }}
      style={{ borderColor: "var(--mantine-color-red-3)" }}
    >
      <Title order={2} size="h4" mb="xs">
        {t("accounts.delete.title")}
      </Title>
      <Text c="dimmed" mb="md">
        {t("accounts.delete.summary")}
      </Text>
      <Button color="red" variant="light" onClick={() => setOpened(true)}>
        {t("accounts.delete.open")}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t("accounts.delete.title")}
        centered
      >
        <form onSubmit={onSubmit}>
          <Stack>
            <Text fw={600}>{t("accounts.delete.irreversible")}</Text>
            <List size="sm" spacing={4}>
              {(["profile", "spaces", "files", "social", "sessions"] as const).map((key) => (
                <List.Item key={key}>{t(`accounts.delete.effects.${key}`)}</List.Item>
              ))}
            </List>
            {me.hasPassword ? (
              <PasswordInput
                label={t("accounts.delete.passwordLabel")}
                autoComplete="current-password"
                value={secret}
                onChange={(event) => setSecret(event.currentTarget.value)}
                data-autofocus
              />
            ) : (
              <TextInput
                label={t("accounts.delete.emailLabel", { email: me.email })}
                value={secret}
                onChange={(event) => setSecret(event.currentTarget.value)}
              />
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" color="red" loading={remove.isPending} disabled={!secret}>
                {t("accounts.delete.confirm")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
