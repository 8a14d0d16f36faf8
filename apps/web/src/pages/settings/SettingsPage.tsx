import { Container, Loader, Tabs, Title } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PageMeta } from "../../app/shell/PageMeta";
import { RequireSignIn } from "../../features/auth/RequireSignIn";
import { DeleteAccountSection } from "./DeleteAccountSection";
import { PasswordSection } from "./PasswordSection";
import { PreferenceSwitches } from "./PreferenceSwitches";
import { SessionsSection } from "./SessionsSection";
import "../../i18n/areas/account";

const TABS = ["visibility", "preferences", "security", "subscription", "account"] as const;
// the subscription panel loads with its tab
const SubscriptionPanel = lazy(() => import("../../features/billing/SubscriptionPanel"));

export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((name) => name === params.get("tab")) ?? "visibility";
  return (
    <RequireSignIn>
      {(me) => (
        <Container size={860} py={{ base: 24, sm: 48 }} w="100%">
          <PageMeta title={t("pages.settings")} noindex />
          <Title order={1} mb="lg">
            {t("pages.settings")}
          </Title>
          <Tabs
            value={tab}
            onChange={(value) => setParams(value ? { tab: value } : {}, { replace: true })}
            keepMounted={false}
          >
            <Tabs.List mb="lg">
              {TABS.map((name) => (
                <Tabs.Tab key={name} value={name}>
                  {t(`accounts.settings.tabs.${name}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="visibility">
              <PreferenceSwitches
                me={me}
                items={[
                  {
                    field: "searchable",
                    labelKey: "settings.searchVisibility",
                    hintKey: "accounts.settings.searchableHint",
                  },
                  {
                    field: "hideContentLibrary",
                    labelKey: "settings.hideContentLibrary",
                    hintKey: "accounts.settings.hideContentLibraryHint",
                  },
                  {
                    field: "hideGroups",
                    labelKey: "settings.hideGroups",
                    hintKey: "accounts.settings.hideGroupsHint",
                  },
                ]}
              />
            </Tabs.Panel>
            <Tabs.Panel value="preferences">
              <PreferenceSwitches
                me={me}
                items={[
                  {
                    field: "autoSave",
                    labelKey: "accounts.settings.autoSave",
                    hintKey: "accounts.settings.autoSaveHint",
                  },
                ]}
                withLanguage
              />
            </Tabs.Panel>
            <Tabs.Panel value="security">
              {me.hasPassword && <PasswordSection />}
              <SessionsSection />
            </Tabs.Panel>
            <Tabs.Panel value="subscription">
              <Suspense fallback={<Loader size="sm" />}>
                <SubscriptionPanel checkoutId={params.get("checkout")} />
              </Suspense>
            </Tabs.Panel>
            <Tabs.Panel value="account">
              <DeleteAccountSection me={me} />
            </Tabs.Panel>
          </Tabs>
        </Container>
      )}
    </RequireSignIn>
  );
}
