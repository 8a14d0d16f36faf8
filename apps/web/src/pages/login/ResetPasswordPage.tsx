import { PASSWORD_MIN_LENGTH } from "@atrium/domain/rules/password-policy";
import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { resetPassword } from "../../api/accounts";
import { PageMeta } from "../../app/shell/PageMeta";
import { AuthCard } from "./AuthCard";
import { fieldErrors, formError } from "./form-errors";
import "../../i18n/areas/account";

export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);
  const reset = useMutation({
    mutationFn: () => resetPassword({ token, password }),
    onSuccess: () => void navigate("/login?reset=done", { replace: true }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== confirm);
    if (password === confirm) reset.mutate();
  };
  const fields = fieldErrors(reset.error);
  const problem = fields.token ?? formError(reset.error, t("accounts.login.failed"));
  return (
    <>
      <PageMeta title={t("accounts.reset.title")} noindex />
      <AuthCard title={t("accounts.reset.title")} subtitle={t("accounts.reset.subtitle")}>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <PasswordInput
              label={t("accounts.fields.newPassword")}
              description={t("accounts.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })}
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fields.password}
            />
            <PasswordInput
              label={t("accounts.fields.confirmPassword")}
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => setConfirm(event.currentTarget.value)}
              error={mismatch ? t("accounts.fields.mismatch") : undefined}
            />
            {problem && <Alert color="red">{problem}</Alert>}
            <Button type="submit" loading={reset.isPending} disabled={!token}>
              {t("accounts.reset.submit")}
            </Button>
          </Stack>
        </form>
        <Anchor component={Link} to="/login/forgot" size="sm">
          {t("accounts.reset.again")}
        </Anchor>
      </AuthCard>
    </>
  );
}
