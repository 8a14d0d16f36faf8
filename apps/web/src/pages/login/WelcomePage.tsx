import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { createProfile } from "../../api/accounts";
import { PageMeta } from "../../app/shell/PageMeta";
import { GuardLoading } from "../../features/auth/RequireSignIn";
import { loginPath, safeReturnTo } from "../../features/auth/return-to";
import { meQueryKey, useMe } from "../../features/auth/use-me";
import { AuthCard } from "./AuthCard";
import { formError } from "./form-errors";
import "../../i18n/areas/account";

/** First sign-in through an identity provider: the account gets its profile (spec 2 §7.1). */
export function Component() {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get("returnTo"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => createProfile((name ?? me?.name ?? "").trim()),
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      void navigate(returnTo === "/login/welcome" ? "/" : returnTo, { replace: true });
    },
  });
  if (isPending) return <GuardLoading />;
  if (!me) return <Navigate to={loginPath()} replace />;
  if (!me.needsProfile && !create.isSuccess) return <Navigate to={returnTo} replace />;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <>
      <PageMeta title={t("accounts.welcome.title")} noindex />
      <AuthCard title={t("accounts.welcome.title")} subtitle={t("accounts.welcome.subtitle")}>
        <form onSubmit={onSubmit}>
          <Stack>
            <TextInput
              label={t("accounts.fields.name")}
              required
              value={name ?? me.name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            {create.error && (
              <Alert color="red">{formError(create.error, t("accounts.login.failed"))}</Alert>
            )}
            <Button type="submit" loading={create.isPending}>
              {t("accounts.welcome.submit")}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    </>
  );
}
