import { Alert, Button, Container, Loader } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import { acceptDistrictInvitation } from "../../api/districts";
import { loginPath } from "../../features/auth/return-to";
import { useMe } from "../../features/auth/use-me";
import "../../i18n/areas/district";
import "../../i18n/areas/account";

/**
 * Spec 1 §4: an `invitation_code` query parameter triggers acceptance, after sign-in for a
 * signed-out visitor. The server's answer (joined, or why not: not valid, used, expired) is shown.
 */
export function InvitationAcceptance({ subdomain }: { subdomain: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get("invitation_code");
  const me = useMe();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: acceptDistrictInvitation,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ["district-access", subdomain] });
      void queryClient.invalidateQueries({ queryKey: ["district-info", subdomain] });
    },
  });
  const asked = useRef(false);
  useEffect(() => {
    if (!code || !me.data || asked.current) return;
    asked.current = true;
    accept.mutate(code);
  }, [code, me.data, accept]);

  if (!code || me.isPending) return null;
  if (!me.data) {
    return (
      <Container pt="xl">
        <Alert title={t("district.invitationSignIn")}>
          <Button component={Link} to={loginPath(`/?invitation_code=${encodeURIComponent(code)}`)}>
            {t("shell.menu.signIn")}
          </Button>
        </Alert>
      </Container>
    );
  }
  if (accept.isPending) return <Loader aria-label={t("common.loading")} />;
  if (accept.isSuccess) {
    return (
      <Container pt="xl">
        <Alert color="green">
          {t("district.invitationAccepted", {
            role: t(`district.roles.${accept.data.role.toLowerCase()}`),
          })}
        </Alert>
      </Container>
    );
  }
  if (accept.isError) {
    const message =
      accept.error instanceof ApiError ? accept.error.message : t("errors.somethingWentWrong");
    return (
      <Container pt="xl">
        <Alert color="red">{message}</Alert>
      </Container>
    );
  }
  return null;
}
