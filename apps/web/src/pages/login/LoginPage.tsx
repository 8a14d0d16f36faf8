import { PASSWORD_MIN_LENGTH } from "@atrium/domain/rules/password-policy";
import {
  Alert,
  Anchor,
  Button,
  Divider,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { signIn, signInProviders, signUp } from "../../api/accounts";
import { PageMeta } from "../../app/shell/PageMeta";
import { GuardLoading } from "../../features/auth/RequireSignIn";
import { safeReturnTo } from "../../features/auth/return-to";
import { meQueryKey, useMe } from "../../features/auth/use-me";
import { AuthCard } from "./AuthCard";
import { fieldErrors, formError } from "./form-errors";
import "../../i18n/areas/account";

type Mode = "signin" | "signup";

export function LoginPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get("mode") === "signup" ? "signup" : "signin";
  const returnTo = safeReturnTo(params.get("returnTo"));
  const { data: me, isPending } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const providers = useQuery({ queryKey: ["auth-providers"], queryFn: signInProviders });

  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const submit = useMutation({
    mutationFn: () =>
      mode === "signup" ? signUp({ name, email, password }) : signIn({ email, password }),
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryKey, user);
      void navigate(returnTo, { replace: true });
    },
  });

  if (isPending) return <GuardLoading />;
  if (me && !submit.isSuccess) return <Navigate to={returnTo} replace />;

  const fields = fieldErrors(submit.error);
  const problem = formError(submit.error, t("accounts.login.failed"));
  const oidcError = params.get("error");
  const switchMode = (next: string) => {
    const updated = new URLSearchParams(params);
    if (next === "signup") updated.set("mode", "signup");
    else updated.delete("mode");
    updated.delete("error");
    setParams(updated, { replace: true });
    submit.reset();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate();
  };
  const oidc = providers.data?.oidc;

  return (
    <>
      <PageMeta title={t(mode === "signup" ? "accounts.login.signUpTitle" : "pages.login")} />
      <AuthCard
        title={t(mode === "signup" ? "accounts.login.signUpTitle" : "accounts.login.title")}
        subtitle={t(
          mode === "signup" ? "accounts.login.signUpSubtitle" : "accounts.login.subtitle",
        )}
      >
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={switchMode}
          data={[
            { value: "signin", label: t("accounts.login.signInTab") },
            { value: "signup", label: t("accounts.login.signUpTab") },
          ]}
        />
        {params.get("reset") === "done" && <Alert color="teal">{t("accounts.reset.done")}</Alert>}
        {oidcError && (
          <Alert color="red">
            {t(`accounts.login.errors.${oidcError}`, t("accounts.login.failed"))}
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            {mode === "signup" && (
              <TextInput
                label={t("accounts.fields.name")}
                autoComplete="name"
                required
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={fields.name}
              />
            )}
            <TextInput
              label={t("accounts.fields.email")}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              error={fields.email}
            />
            <PasswordInput
              label={t("accounts.fields.password")}
              autoComplete={mode === "signup" ? "new-password" : "current-password"}
              required
              minLength={mode === "signup" ? PASSWORD_MIN_LENGTH : undefined}
              description={
                mode === "signup"
                  ? t("accounts.fields.passwordHint", { min: PASSWORD_MIN_LENGTH })
                  : undefined
              }
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={fields.password}
            />
            {mode === "signin" && (
              <Anchor component={Link} to="/login/forgot" size="sm" ta="right">
                {t("accounts.login.forgot")}
              </Anchor>
            )}
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Button type="submit" size="md" loading={submit.isPending}>
              {t(mode === "signup" ? "accounts.login.createAccount" : "accounts.login.submit")}
            </Button>
          </Stack>
        </form>
        {oidc && (
          <>
            <Divider label={t("accounts.login.or")} labelPosition="center" />
            <Button
              component="a"
              href={`${oidc.loginUrl}?returnTo=${encodeURIComponent(returnTo)}`}
              variant="default"
              size="md"
            >
              {t("accounts.login.withProvider", { name: oidc.name })}
            </Button>
          </>
        )}
        <Text size="sm" c="dimmed" ta="center">
          {t(mode === "signup" ? "accounts.login.haveAccount" : "accounts.login.noAccount")}{" "}
          <Anchor
            component="button"
            type="button"
            onClick={() => switchMode(mode === "signup" ? "signin" : "signup")}
          >
            {t(mode === "signup" ? "accounts.login.signInTab" : "accounts.login.signUpTab")}
          </Anchor>
        </Text>
      </AuthCard>
    </>
  );
}

export { LoginPage as Component };
