import { EMBED_IFRAME, embedUrl, SHARE_TARGETS, shareTargetUrl } from "@atrium/domain";
import { Anchor, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../features/toast/toast";

/** Share: the targets, the link, the embed code with its two options (spec 2 §2.2). */
export function SharePanel({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [allowSignIn, setAllowSignIn] = useState(true);
  const [communications, setCommunications] = useState(true);
  const embed = embedUrl(url, { showSignIn: allowSignIn, showCommunications: communications });
  const code = `<iframe src="${embed}" width="${EMBED_IFRAME.width}" height="${EMBED_IFRAME.height}" allow="fullscreen; autoplay" style="border:0"></iframe>`;
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ message: t("viewerPage.more.copied") });
    } catch {
      // the clipboard is refused (iframes): the text stays selectable
    }
  };
  return (
    <Stack gap="md" data-testid="share-panel">
      <Group gap="xs">
        {SHARE_TARGETS.map((target) => (
          <Button
            key={target}
            component="a"
            href={shareTargetUrl(target, { url, title })}
            target="_blank"
            rel="noopener noreferrer"
            size="xs"
            variant="light"
          >
            {t(`share.targets.${target}`)}
          </Button>
        ))}
      </Group>
      <TextInput
        label={t("viewerPage.share.link")}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button variant="default" onClick={() => void copy(url)}>
        {t("viewerPage.more.copyLink")}
      </Button>
      <Textarea
        label={t("viewerPage.share.embed")}
        value={code}
        readOnly
        autosize
        minRows={3}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Checkbox
        checked={allowSignIn}
        onChange={(event) => setAllowSignIn(event.currentTarget.checked)}
        label={t("viewerPage.share.allowSignIn")}
      />
      <Checkbox
        checked={communications}
        onChange={(event) => setCommunications(event.currentTarget.checked)}
        label={t("viewerPage.share.showCommunications")}
      />
      <Button variant="default" onClick={() => void copy(code)}>
        {t("viewerPage.share.embed")}
      </Button>
      <Text size="xs" c="dimmed">
        <Anchor href={embed} target="_blank" rel="noopener noreferrer">
          {embed}
        </Anchor>
      </Text>
    </Stack>
  );
}
