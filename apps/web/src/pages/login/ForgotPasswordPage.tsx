import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requestPasswordReset } from "../../api/accounts";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { AuthCard } from "./AuthCard";
import { fieldErrors, formError } from "./form-errors";
import "../../i18n/areas/account";

export function Component() {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const request = useMutation({ mutationFn: () => requestPasswordReset(email) });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate();
  };
  return (
    <>
      <PageMeta title={t("accounts.forgot.title")} noindex />
      <AuthCard title={t("accounts.forgot.title")} subtitle={t("accounts.forgot.subtitle")}>
        {request.isSuccess ? (
          <Alert color="teal" role="status">
            {request.data.message}
          </Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Stack>
              <TextInput
                label={t("accounts.fields.email")}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={fieldErrors(request.error).email}
              />
              {formError(request.error, t("accounts.login.failed")) && (
                <Alert color="red">{formError(request.error, t("accounts.login.failed"))}</Alert>
              )}
              <Button type="submit" loading={request.isPending}>
                {t("accounts.forgot.submit")}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={ROUTES.LOGIN} size="sm">
          {t("accounts.forgot.back")}
        </Anchor>
      </AuthCard>
    </>
  );
}
