import { Card, Container, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { messagesPath } from "../../app/paths";
import { PageMeta } from "../../app/shell/PageMeta";
import { RequireSignIn } from "../../features/auth/RequireSignIn";
import type { Me } from "../../features/auth/use-me";
import { DirectTab } from "../../features/live/DirectTab";
import { useDirectMessages } from "../../features/live/use-direct-messages";
import liveStrings from "../../i18n/en/on-demand/live.json";
import strings from "../../i18n/en/on-demand/notifications.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";

addOnDemandCatalogue(liveStrings);
addOnDemandCatalogue(strings);

/**
 * Direct messages outside a space (where a direct message notification leads): one's
 * conversations, and one conversation at /messages/{groupId}, with the viewer's Direct tab.
 */
export function Component() {
  return <RequireSignIn>{(me) => <Messages me={me} />}</RequireSignIn>;
}

function Messages({ me }: { me: Me }) {
  const { t } = useTranslation();
  const { groupId } = useParams();
  const navigate = useNavigate();
  const dms = useDirectMessages(me.userId, true);
  return (
    <Container size={640} py={{ base: 24, sm: 48 }} w="100%">
      <PageMeta title={t("notifications.messagesPage")} noindex />
      <Title order={1} mb="lg">
        {t("notifications.messagesPage")}
      </Title>
      <Card withBorder padding="md">
        <DirectTab
          dms={dms}
          meId={me.userId}
          openGroupId={groupId ?? null}
          onOpen={(id) => void navigate(messagesPath(id ?? undefined))}
          visible
        />
      </Card>
    </Container>
  );
}
