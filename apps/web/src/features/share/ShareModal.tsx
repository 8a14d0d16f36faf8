import { EMBED_IFRAME } from "@atrium/domain/constants";
import { embedCode, embedUrl } from "@atrium/domain/rules/embed";
import { SHARE_TARGETS, shareTargetUrl } from "@atrium/domain/rules/share-targets";
import {
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { viewerPath } from "../../app/paths";
import { copyText } from "./copy-text";
import classes from "./ShareModal.module.css";
import "../spaces/catalogue";
import "../../i18n/areas/share";

export interface ShareModalProps {
  opened: boolean;
  onClose: () => void;
  sceneId: string;
  title: string;
}

/** The viewer link of a space on this site. */
export function viewerUrlOf(sceneId: string) {
  return `${location.origin}${viewerPath(sceneId)}`;
}

/**
 * The share modal (spec 1 §2 Space cards, spec 2 §2.2): the viewer link, Facebook, X, Reddit,
 * Whatsapp, Viber, Email and Linkedin, the embed code (a 700 × 500 iframe whose URL carries
 * showSignIn and showCommunications as 1 or 0) and copy link, each copy saying
 * 'Copied to clipboard!'.
 */
export function ShareModal({ opened, onClose, sceneId, title }: ShareModalProps) {
  const { t } = useTranslation();
  const [showSignIn, setShowSignIn] = useState(true);
  const [showCommunications, setShowCommunications] = useState(true);
  const link = viewerUrlOf(sceneId);
  const code = embedCode(embedUrl(link, { showSignIn, showCommunications }), title);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("shareModal.title", { title })}
      size="lg"
      centered
      data-testid="share-modal"
    >
      <Stack gap="lg">
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            label={t("shareModal.viewerLink")}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1 }}
            data-testid="share-link"
          />
          <Button variant="light" onClick={() => void copyText(link)}>
            {t("share.copyLink")}
          </Button>
        </Group>
        <Group gap="xs" className={classes.targets}>
          {SHARE_TARGETS.map((target) => (
            <Button
              key={target}
              component="a"
              href={shareTargetUrl(target, { url: link, title })}
              target="_blank"
              rel="noopener noreferrer"
              variant="default"
              size="sm"
              aria-label={t("shareModal.shareOn", { target: t(`share.targets.${target}`) })}
              data-share-target={target}
            >
              {t(`share.targets.${target}`)}
            </Button>
          ))}
        </Group>
        <Stack gap="xs">
          <Title order={4}>{t("share.embed")}</Title>
          <Group>
            <Checkbox
              label={t("share.allowSignIn")}
              checked={showSignIn}
              onChange={(event) => setShowSignIn(event.currentTarget.checked)}
            />
            <Checkbox
              label={t("share.showCommunicationOptions")}
              checked={showCommunications}
              onChange={(event) => setShowCommunications(event.currentTarget.checked)}
            />
          </Group>
          <Textarea
            label={t("share.embedCode")}
            value={code}
            readOnly
            autosize
            minRows={3}
            onFocus={(event) => event.currentTarget.select()}
            data-testid="embed-code"
            classNames={{ input: classes.code }}
          />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t("shareModal.preview", { width: EMBED_IFRAME.width, height: EMBED_IFRAME.height })}
            </Text>
            <Button onClick={() => void copyText(code)}>{t("shareModal.copyEmbed")}</Button>
          </Group>
        </Stack>
      </Stack>
    </Modal>
  );
}

export default ShareModal;
