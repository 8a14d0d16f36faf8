import { CMS_COLLECTIONS, type CmsCollection } from "@atrium/domain/entities/cms";
import { Alert, Button, Container, Tabs, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ROUTES } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { useMe } from "../../features/auth/use-me";
import { PageLoading } from "../../features/content/PageState";
import strings from "../../i18n/en/on-demand/content-admin.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { CollectionPanel } from "./CollectionPanel";

addOnDemandCatalogue(strings);

/**
 * Content editing for admins (/admin/content, linked from nowhere public). Signed-out visitors
 * and members without the admin role are told so; the API refuses them anyway.
 */
export function Component() {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const [tab, setTab] = useState<CmsCollection>("articles");

  let body: ReactNode;
  if (isPending) body = <PageLoading />;
  else if (!me) {
    body = (
      <Alert color="gray" title={t("admin.signedOutTitle")}>
        <p>{t("admin.signedOut")}</p>
        <Button
          component={Link}
          to={`${ROUTES.LOGIN}?returnTo=${encodeURIComponent(ROUTES.ADMIN_CONTENT)}`}
        >
          {t("nav.signIn")}
        </Button>
      </Alert>
    );
  } else if (!me.isAdmin) {
    body = (
      <Alert color="orange" title={t("admin.notAdminTitle")}>
        <p>{t("admin.notAdmin")}</p>
        <Button
          component={Link}
          to={`${ROUTES.LOGIN}?returnTo=${encodeURIComponent(ROUTES.ADMIN_CONTENT)}`}
          variant="light"
        >
          {t("admin.otherAccount")}
        </Button>
      </Alert>
    );
  } else {
    body = (
      <Tabs
        value={tab}
        onChange={(value) => value && setTab(value as CmsCollection)}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {CMS_COLLECTIONS.map((collection) => (
            <Tabs.Tab key={collection} value={collection}>
              {t(`admin.collections.${collection}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {CMS_COLLECTIONS.map((collection) => (
          <Tabs.Panel key={collection} value={collection}>
            <CollectionPanel collection={collection} />
          </Tabs.Panel>
        ))}
      </Tabs>
    );
  }

  return (
    <Container py={40}>
      <PageMeta title={t("admin.title")} noindex />
      <Title order={1} mb="xs">
        {t("admin.title")}
      </Title>
      <p>{t("admin.intro")}</p>
      {body}
    </Container>
  );
}
