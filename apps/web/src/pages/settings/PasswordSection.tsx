import { PASSWORD_MIN_LENGTH } from "@atrium/domain/rules/password-policy";
import { Alert, Button, Paper, PasswordInput, Stack, Title } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { changePassword } from "../../api/accounts";
import { fieldErrors, formError } from "../login/form-errors";
import "../../i18n/areas/account";

/** Change the password; every other session ends (the server says so, the list refreshes). */
export function PasswordSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const change = useMutation({
    mutationFn: () => changePassword({ currentPassword, newPassword }),
    onSuccess: () => {
      setCurrent("");
      setNew("");
      void queryClient.invalidateQueries({ queryKey: ["sessions"] });
    },
  });
  const fields = fieldErrors(change.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} mb="lg">
      <Title order={2} size="h4" mb="md">
        {t("accounts.settings.changePassword")}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack maw={420}>
          <PasswordInput
            label={t("accounts.fields.currentPassword")}
            autoComplete="current-password"
            value={currentPassword}
            onChange={(event) => setCurrent(event.currentTarget.value)}
            error={fields.currentPassword}
          />
          <PasswordInput
            label={t("accounts.fields.newPassword")}
            description={t("accounts.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNew(event.currentTarget.value)}
            error={fields.newPassword}
          />
          {formError(change.error, t("accounts.login.failed")) && (
            <Alert color="red">{formError(change.error, t("accounts.login.failed"))}</Alert>
          )}
          {change.isSuccess && <Alert color="teal">{t("accounts.settings.passwordChanged")}</Alert>}
          <Button type="submit" loading={change.isPending} w="fit-content">
            {t("accounts.settings.changePassword")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
