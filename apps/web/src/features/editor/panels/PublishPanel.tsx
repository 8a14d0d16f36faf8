import type { PersonSummary, SceneMetadataPatch, SlotView, SpaceCard } from "@atrium/domain";
import { messages } from "@atrium/domain/messages";
import { validateTagCount } from "@atrium/domain/rules/keyword-input";
import {
  Alert,
  Button,
  FileInput,
  Group,
  MultiSelect,
  Radio,
  Stack,
  Stepper,
  Switch,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { searchUsers } from "../../../api/accounts";
import { ApiError } from "../../../api/client";
import {
  fetchMySlots,
  fetchSceneMetadata,
  publishScene,
  updateSceneMetadata,
} from "../../../api/spaces";
import { ShareModal } from "../../share";
import { showToast } from "../../toast/toast";
import { useEditorSnapshot, useEditorStore } from "../EditorContext";
import { KeywordField } from "../forms/KeywordField";
import type { SceneSaver } from "../use-scene-saver";

/** The publish fields, with the cover photo and gallery as multipart parts when chosen. */
function writePublishFields(
  sceneId: string,
  patch: SceneMetadataPatch,
  files: { coverPhotoUriFile: File | null; photoGalleryFiles: File[] },
) {
  if (!files.coverPhotoUriFile && files.photoGalleryFiles.length === 0) {
    return updateSceneMetadata(sceneId, patch);
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined)
      form.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  if (files.coverPhotoUriFile) form.set("coverPhotoUriFile", files.coverPhotoUriFile);
  for (const file of files.photoGalleryFiles) form.append("photoGalleryFiles", file);
  return updateSceneMetadata(sceneId, form);
}

const PUBLISH_STEPS = ["spaceInfo", "placement", "privacy", "communication", "publish"] as const;
type Audience = "everyone" | "chosen";

interface PublishForm {
  description: string;
  tags: string[];
  comments: boolean;
  adultContent: boolean;
  cover: File | null;
  gallery: File[];
  slotId: string | null;
  privacy: Audience;
  privacyUsers: PersonSummary[];
  communication: Audience;
  communicationUsers: PersonSummary[];
}

function formFrom(metadata: SpaceCard | undefined): PublishForm {
  return {
    description: metadata?.description ?? "",
    tags: metadata?.tags ?? [],
    comments: metadata?.comments ?? true,
    adultContent: metadata?.adultContent ?? false,
    cover: null,
    gallery: [],
    slotId: metadata?.slotId ?? null,
    privacy: metadata?.privacyACLEnabled ? "chosen" : "everyone",
    privacyUsers: [],
    communication: metadata?.communicationACLEnabled ? "chosen" : "everyone",
    communicationUsers: [],
  };
}

/**
 * Publish & Share (spec 1 §2): spaceInfo, placement (a slot: 'Please assign your space to a
 * slot to proceed.'), privacy, communication, publish; the space is saved first, then
 * published with publishedPublic and slotId, then shared.
 */
export function PublishPanel({ saver }: { saver: SceneSaver }) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const { session } = useEditorSnapshot();
  const sceneId = session.sceneId;
  const metadata = useQuery({
    queryKey: ["scene-metadata", sceneId],
    queryFn: () => fetchSceneMetadata(sceneId as string),
    enabled: sceneId !== null,
  });
  if (!sceneId) {
    return (
      <Stack>
        <Title order={3}>{t("editor.steps.publishAndShare")}</Title>
        <Text size="sm" c="dimmed">
          {t("editorUi.publish.saveFirst")}
        </Text>
        <Button
          onClick={() => void saver.save()}
          loading={saver.saving}
          disabled={session.readOnlyReason !== null}
        >
          {messages.editor.save}
        </Button>
      </Stack>
    );
  }
  if (metadata.isPending) return <Text c="dimmed">{t("common.loading")}</Text>;
  return (
    <PublishFlow
      key={sceneId}
      sceneId={sceneId}
      initial={formFrom(metadata.data)}
      saver={saver}
      onPublished={() => store.setPublished("Published")}
    />
  );
}

function PublishFlow({
  sceneId,
  initial,
  saver,
  onPublished,
}: {
  sceneId: string;
  initial: PublishForm;
  saver: SceneSaver;
  onPublished: () => void;
}) {
  const { t } = useTranslation();
  const [active, setActive] = useState(0);
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState(false);
  const [sharing, setSharing] = useState(false);
  const title = useEditorSnapshot().session.title;
  const set = (patch: Partial<PublishForm>) => setForm((current) => ({ ...current, ...patch }));
  const slots = useQuery({ queryKey: ["my-slots"], queryFn: ({ signal }) => fetchMySlots(signal) });

  const stepError = (step: number): string | null => {
    if (step === 0 && form.tags.length > 0) return validateTagCount(form.tags);
    if (step === 1 && !form.slotId) return messages.publish.assignSlot;
    return null;
  };

  const next = async () => {
    const problem = stepError(active);
    setError(problem);
    if (problem) return;
    if (active < PUBLISH_STEPS.length - 1) {
      setActive(active + 1);
      return;
    }
    setBusy(true);
    try {
      // save, then the publish fields, then publish (spec 1 §4 "Save and publish")
      if (!(await saver.save({ auto: true }))) return;
      await writePublishFields(
        sceneId,
        {
          description: form.description,
          tags: form.tags,
          comments: form.comments,
          adultContent: form.adultContent,
          publishedPublic: form.privacy === "everyone",
          privacyACLEnabled: form.privacy === "chosen",
          userPrivacyACL: form.privacyUsers.map((user) => user.userId),
          communicationACLEnabled: form.communication === "chosen",
          userCommunicationACL: form.communicationUsers.map((user) => user.userId),
        },
        { coverPhotoUriFile: form.cover, photoGalleryFiles: form.gallery },
      );
      await publishScene(sceneId, {
        publishedPublic: form.privacy === "everyone",
        slotId: form.slotId as string,
      });
      setPublished(true);
      setSharing(true);
      onPublished();
    } catch (failure) {
      const message =
        failure instanceof ApiError ? failure.body.message : t("editorUi.publish.failed");
      setError(message);
      showToast({ color: "red", message });
    } finally {
      setBusy(false);
    }
  };

  if (published) {
    return (
      <Stack data-testid="publish-done">
        <Title order={3}>{t("editorUi.publish.done")}</Title>
        <Text size="sm">{t("editorUi.publish.doneBody")}</Text>
        <Button onClick={() => setSharing(true)}>{t("editorUi.publish.share")}</Button>
        <ShareModal
          opened={sharing}
          onClose={() => setSharing(false)}
          sceneId={sceneId}
          title={title}
        />
      </Stack>
    );
  }

  const freeSlots = (slots.data ?? []).filter(
    (slot) => !slot.sceneMetadata || slot.sceneId === sceneId,
  );
  return (
    <Stack gap="sm">
      <Title order={3}>{t("editor.steps.publishAndShare")}</Title>
      <Stepper
        active={active}
        onStepClick={(step) => step < active && setActive(step)}
        size="xs"
        orientation="vertical"
      >
        <Stepper.Step label={t("editorUi.publish.steps.spaceInfo")}>
          <Stack gap="xs">
            <Textarea
              label={t("editorUi.publish.description")}
              value={form.description}
              maxLength={5000}
              autosize
              minRows={2}
              maxRows={3}
              onChange={(event) => set({ description: event.currentTarget.value })}
            />
            <KeywordField
              label={t("editorUi.publish.tags")}
              value={form.tags}
              onChange={(tags) => set({ tags })}
            />
            <FileInput
              label={t("editorUi.publish.cover")}
              accept="image/png,image/jpeg,image/webp"
              value={form.cover}
              onChange={(cover) => set({ cover })}
              clearable
            />
            <FileInput
              label={t("editorUi.publish.gallery")}
              accept="image/png,image/jpeg,image/webp"
              multiple
              value={form.gallery}
              onChange={(gallery) => set({ gallery })}
              clearable
            />
            <Switch
              label={t("editorUi.publish.comments")}
              checked={form.comments}
              onChange={(e) => set({ comments: e.currentTarget.checked })}
            />
            <Switch
              label={t("editorUi.publish.adult")}
              checked={form.adultContent}
              onChange={(e) => set({ adultContent: e.currentTarget.checked })}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t("editorUi.publish.steps.placement")}>
          {slots.isPending ? (
            <Text c="dimmed">{t("common.loading")}</Text>
          ) : freeSlots.length === 0 ? (
            <Alert color="orange">{messages.publish.noAvailableSlot}</Alert>
          ) : (
            <Radio.Group
              value={form.slotId}
              onChange={(slotId) => set({ slotId })}
              data-testid="publish-slots"
            >
              <Stack gap={6}>
                {freeSlots.map((slot) => (
                  <Radio key={slot.slotId} value={slot.slotId} label={slotLabel(slot, t)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        </Stepper.Step>
        <Stepper.Step label={t("editorUi.publish.steps.privacy")}>
          <AudienceChoice
            value={form.privacy}
            users={form.privacyUsers}
            onChange={(privacy, privacyUsers) => set({ privacy, privacyUsers })}
            everyone={t("editorUi.publish.public")}
            chosen={t("editorUi.publish.restricted")}
          />
        </Stepper.Step>
        <Stepper.Step label={t("editorUi.publish.steps.communication")}>
          <AudienceChoice
            value={form.communication}
            users={form.communicationUsers}
            onChange={(communication, communicationUsers) =>
              set({ communication, communicationUsers })
            }
            everyone={t("editorUi.publish.everyoneTalks")}
            chosen={t("editorUi.publish.chosenTalk")}
          />
        </Stepper.Step>
        <Stepper.Step label={t("editorUi.publish.steps.publish")}>
          <Text size="sm">{t("editorUi.publish.ready")}</Text>
        </Stepper.Step>
      </Stepper>
      {error ? (
        <Alert color="red" data-testid="publish-error">
          {error}
        </Alert>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" disabled={active === 0} onClick={() => setActive(active - 1)}>
          {messages.common.back}
        </Button>
        <Button onClick={() => void next()} loading={busy} data-testid="publish-next">
          {active === PUBLISH_STEPS.length - 1
            ? t("editorUi.publish.publish")
            : messages.common.next}
        </Button>
      </Group>
    </Stack>
  );
}

function slotLabel(slot: SlotView, t: TFunction) {
  const kind = t(`editorUi.publish.slotKinds.${slot.kind}`);
  return slot.expiresAt
    ? `${kind} · ${t("editorUi.publish.expires", { date: new Date(slot.expiresAt).toLocaleDateString() })}`
    : kind;
}

function AudienceChoice({
  value,
  users,
  onChange,
  everyone,
  chosen,
}: {
  value: Audience;
  users: PersonSummary[];
  onChange: (value: Audience, users: PersonSummary[]) => void;
  everyone: string;
  chosen: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const found = useQuery({
    queryKey: ["user-search", search],
    queryFn: () => searchUsers(search),
    enabled: value === "chosen" && search.trim().length >= 2,
  });
  const options = [
    ...users,
    ...(found.data ?? []).filter((user) => !users.some((u) => u.userId === user.userId)),
  ];
  return (
    <Stack gap="xs">
      <Radio.Group value={value} onChange={(next) => onChange(next as Audience, users)}>
        <Stack gap={6}>
          <Radio value="everyone" label={everyone} />
          <Radio value="chosen" label={chosen} />
        </Stack>
      </Radio.Group>
      {value === "chosen" ? (
        <MultiSelect
          label={t("editorUi.publish.people")}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          data={options.map((user) => ({ value: user.userId, label: user.name }))}
          value={users.map((user) => user.userId)}
          onChange={(ids) =>
            onChange(
              value,
              options.filter((user) => ids.includes(user.userId)),
            )
          }
        />
      ) : null}
    </Stack>
  );
}
