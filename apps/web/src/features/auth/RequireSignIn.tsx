import { Center, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { guardPath } from "./return-to";
import { isSessionEnding } from "./session-ending";
import { type Me, useMe } from "./use-me";

/**
 * The route guard (spec 1 §4): 'Loading...' while the account is checked, then the page for a
 * signed-in user, or the sign-in page (sign-up for the editor) that comes back here afterwards.
 */
export function RequireSignIn({ children }: { children: (me: Me) => ReactNode }) {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  if (isPending) return <GuardLoading />;
  // leaving on purpose (sign-out, account deletion): the flow takes us home itself
  if (!me && isSessionEnding()) return <GuardLoading />;
  if (!me) {
    return <Navigate to={guardPath(`${location.pathname}${location.search}`)} replace />;
  }
  return <>{children(me)}</>;
}

export function GuardLoading() {
  const { t } = useTranslation();
  return (
    <Center py={96}>
      <Stack align="center" gap="sm">
        <Loader size="sm" />
        <Text c="dimmed">{t("common.loading")}</Text>
      </Stack>
    </Center>
  );
}
