import type { PersonSummary, SceneMetadataPatch, SlotView, SpaceCard } from "@atrium/domain";
import { EXTRA_LEVEL_CREDITS } from "@atrium/domain/constants";
import { coreMessages } from "@atrium/domain/messages/core";
import { districtMessages } from "@atrium/domain/messages/district";
import { publishMessages } from "@atrium/domain/messages/publish";
import {
  type AudienceChoice as PlanChoice,
  planAllowsAudience,
  planNeededFor,
} from "@atrium/domain/plans";
import { extraLevelCount } from "@atrium/domain/rules/extra-levels";
import { validateTagCount } from "@atrium/domain/rules/keyword-input";
import { slotTakesSpace } from "@atrium/domain/rules/slot-fit";
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  Image,
  MultiSelect,
  Radio,
  Stack,
  Stepper,
  Switch,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { fetchUsers, searchUsers } from "../../../api/accounts";
import { ApiError } from "../../../api/client";
import { fetchAclGroups, fetchGroupsByIds } from "../../../api/districts";
import {
  fetchMySlots,
  fetchSceneMetadata,
  publishScene,
  updateSceneMetadata,
} from "../../../api/spaces";
import { editorPath, ROUTES, userPath } from "../../../app/paths";
import { useMe } from "../../auth/use-me";
import { CheckoutOutcome } from "../../credits/CheckoutOutcome";
import { BuyCreditBundle } from "../../credits/CreditBundlePicker";
import { SlotPurchase } from "../../credits/SlotPurchase";
import { ShareModal } from "../../share";
import { showToast } from "../../toast/toast";
import { useEditorSnapshot, useEditorStore } from "../EditorContext";
import { KeywordField } from "../forms/KeywordField";
import type { SceneSaver } from "../use-scene-saver";
import {
  type Audience,
  formFrom,
  type GroupChoice,
  groupsToLookUp,
  type PublishForm,
  peopleToLookUp,
  publishPatch,
} from "./publish-form";

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
    // the form starts from what is stored: never from an older copy
    staleTime: 0,
    refetchOnMount: "always",
  });
  // the people the stored lists name, to show them (and keep them) in the form
  const lookUp = peopleToLookUp(metadata.data);
  const people = useQuery({
    queryKey: ["people", lookUp],
    queryFn: () => fetchUsers(lookUp),
    enabled: lookUp.length > 0,
    // a refetch of the metadata after publishing keeps the flow on screen
    placeholderData: (previous) => previous,
  });
  // and the groups they name, by title
  const groupIds = groupsToLookUp(metadata.data);
  const groups = useQuery({
    queryKey: ["groups-by-id", groupIds],
    queryFn: () => fetchGroupsByIds(groupIds),
    enabled: groupIds.length > 0,
    placeholderData: (previous) => previous,
  });
  // the scene whose flow is on screen: a later wait (publishing names people the flow had not
  // looked up) must not unmount it, which would lose its 'published' state and start it over
  const shownFor = useRef<string | null>(null);
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
          {coreMessages.editor.save}
        </Button>
      </Stack>
    );
  }
  const waiting =
    metadata.isPending ||
    (lookUp.length > 0 && people.isPending) ||
    (groupIds.length > 0 && groups.isPending);
  if (waiting && shownFor.current !== sceneId) {
    return <Text c="dimmed">{t("common.loading")}</Text>;
  }
  shownFor.current = sceneId;
  return (
    <PublishFlow
      key={sceneId}
      sceneId={sceneId}
      stored={metadata.data}
      initial={formFrom(
        metadata.data,
        people.data ?? [],
        t("editorUi.publish.unknownPerson"),
        (groups.data ?? []).map(({ groupId, title }) => ({ groupId, title })),
        t("editorUi.publish.unknownGroup"),
      )}
      saver={saver}
      onPublished={() => store.setPublished("Published")}
    />
  );
}

function PublishFlow({
  sceneId,
  stored,
  initial,
  saver,
  onPublished,
}: {
  sceneId: string;
  stored: SpaceCard | undefined;
  initial: PublishForm;
  saver: SceneSaver;
  onPublished: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // back from a card checkout started here: the flow resumes at the placement step
  const [params] = useSearchParams();
  const checkoutId = params.get("checkout");
  const [active, setActive] = useState(checkoutId ? 1 : 0);
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  /** Credits publishing lacks (402 from the server), for the credit bundle picker. */
  const [missingCredits, setMissingCredits] = useState<number | null>(null);
  // a checkout started in the publish flow comes back to it
  const returnPath = `${editorPath(sceneId)}?step=publishAndShare`;
  const [busy, setBusy] = useState(false);
  const [published, setPublished] = useState(false);
  const [sharing, setSharing] = useState(false);
  const snapshot = useEditorSnapshot();
  const title = snapshot.session.title;
  // what the editor showed when levels were added (50 credits each beyond the first)
  const extraLevels = extraLevelCount(snapshot.document.customSpace?.levels.length ?? 0);
  const set = (patch: Partial<PublishForm>) => setForm((current) => ({ ...current, ...patch }));
  const slots = useQuery({ queryKey: ["my-slots"], queryFn: ({ signal }) => fetchMySlots(signal) });

  const me = useMe().data;
  const plan = me?.plan ?? "free";
  /** What a restricted choice needs when the plan lacks it (said when chosen, issue 21 item 8). */
  const planNeed = (choice: PlanChoice, value: Audience) =>
    value === "chosen" && !planAllowsAudience(plan, choice)
      ? t(`editorUi.publish.planNeeded.${choice}`, {
          plan: t(`editorUi.publish.planNames.${planNeededFor(choice)}`),
        })
      : null;
  const stepError = (step: number): string | null => {
    if (step === 0 && form.tags.length > 0) return validateTagCount(form.tags);
    if (step === 1 && !form.slotId) return publishMessages.assignSlot;
    if (step === 2) return planNeed("privacy", form.privacy);
    if (step === 3) return planNeed("communication", form.communication);
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
    setMissingCredits(null);
    try {
      // save, then the publish fields, then publish (spec 1 §4 "Save and publish")
      if (!(await saver.save({ auto: true }))) return;
      const written = await writePublishFields(sceneId, publishPatch(form, stored), {
        coverPhotoUriFile: form.cover,
        photoGalleryFiles: form.gallery,
      });
      queryClient.setQueryData(["scene-metadata", sceneId], written);
      await publishScene(sceneId, {
        publishedPublic: form.privacy === "everyone",
        slotId: form.slotId as string,
      });
      await queryClient.invalidateQueries({ queryKey: ["scene-metadata", sceneId] });
      setPublished(true);
      setSharing(true);
      onPublished();
    } catch (failure) {
      const message =
        failure instanceof ApiError ? failure.body.message : t("editorUi.publish.failed");
      setError(message);
      if (failure instanceof ApiError && failure.status === 402)
        setMissingCredits(failure.body.creditsMissing ?? null);
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

  // a district's space goes into the district's slots its owner gave this member (spec 2 §6)
  const districtId = stored?.districtId ?? null;
  const freeSlots = (slots.data ?? []).filter(
    (slot) => (!slot.sceneMetadata || slot.sceneId === sceneId) && slotTakesSpace(slot, districtId),
  );
  return (
    <Stack gap="sm">
      <Title order={3}>{t("editor.steps.publishAndShare")}</Title>
      {checkoutId ? <CheckoutOutcome sessionId={checkoutId} /> : null}
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
            {form.coverUri && !form.cover ? (
              <StoredPhotos
                label={t("editorUi.publish.currentCover")}
                uris={[form.coverUri]}
                onRemove={() => set({ coverUri: null })}
                testId="publish-stored-cover"
              />
            ) : null}
            <FileInput
              label={t("editorUi.publish.cover")}
              accept="image/png,image/jpeg,image/webp"
              value={form.cover}
              onChange={(cover) => set({ cover })}
              clearable
            />
            {form.galleryUris.length > 0 ? (
              <StoredPhotos
                label={t("editorUi.publish.currentGallery")}
                uris={form.galleryUris}
                onRemove={(uri) =>
                  set({ galleryUris: form.galleryUris.filter((kept) => kept !== uri) })
                }
                testId="publish-stored-gallery"
              />
            ) : null}
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
          ) : freeSlots.length === 0 && districtId !== null ? (
            <Alert color="orange" data-testid="publish-no-district-slot">
              <Text size="sm">{districtMessages.askOwnerForSlot}</Text>
            </Alert>
          ) : freeSlots.length === 0 ? (
            <Alert color="orange" data-testid="publish-no-slot">
              <Text size="sm">{publishMessages.noAvailableSlot}</Text>
              <Text size="sm" mt={4}>
                {t("editorUi.publish.noSlotHelp")}
              </Text>
              <SlotPurchase returnPath={returnPath} onBought={(slotId) => set({ slotId })} />
              <Group gap="md" mt={6}>
                {me ? (
                  <Anchor
                    component={Link}
                    to={userPath(me.userId, "spaces", "published")}
                    size="sm"
                  >
                    {t("editorUi.publish.yourSpaces")}
                  </Anchor>
                ) : null}
                <Anchor component={Link} to={ROUTES.PRICING} size="sm">
                  {t("editorUi.publish.seePricing")}
                </Anchor>
              </Group>
            </Alert>
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
            groups={form.privacyGroups}
            onChange={(privacy, privacyUsers) => set({ privacy, privacyUsers })}
            onGroupsChange={(privacyGroups) => set({ privacyGroups })}
            everyone={t("editorUi.publish.public")}
            chosen={t("editorUi.publish.restricted")}
            planNeeded={planNeed("privacy", form.privacy)}
          />
        </Stepper.Step>
        <Stepper.Step label={t("editorUi.publish.steps.communication")}>
          <AudienceChoice
            value={form.communication}
            users={form.communicationUsers}
            groups={form.communicationGroups}
            onChange={(communication, communicationUsers) =>
              set({ communication, communicationUsers })
            }
            onGroupsChange={(communicationGroups) => set({ communicationGroups })}
            everyone={t("editorUi.publish.everyoneTalks")}
            chosen={t("editorUi.publish.chosenTalk")}
            planNeeded={planNeed("communication", form.communication)}
          />
        </Stepper.Step>
        <Stepper.Step label={t("editorUi.publish.steps.publish")}>
          <Text size="sm">{t("editorUi.publish.ready")}</Text>
          {extraLevels > 0 ? (
            <Text size="sm" c="dimmed" mt={4} data-testid="publish-extra-levels">
              {t("editorUi.publish.extraLevels", {
                count: extraLevels,
                credits: extraLevels * EXTRA_LEVEL_CREDITS,
              })}
            </Text>
          ) : null}
        </Stepper.Step>
      </Stepper>
      {error ? (
        <Alert color="red" data-testid="publish-error">
          {error}
        </Alert>
      ) : null}
      {missingCredits !== null ? (
        <Stack gap="xs" data-testid="publish-credits-picker">
          <Text size="sm">
            {t("wallet.missingForPublish", { missing: missingCredits.toLocaleString("en") })}
          </Text>
          <BuyCreditBundle returnPath={returnPath} missingCredits={missingCredits} />
        </Stack>
      ) : null}
      <Group justify="space-between">
        <Button variant="default" disabled={active === 0} onClick={() => setActive(active - 1)}>
          {coreMessages.common.back}
        </Button>
        <Button onClick={() => void next()} loading={busy} data-testid="publish-next">
          {active === PUBLISH_STEPS.length - 1
            ? t("editorUi.publish.publish")
            : coreMessages.common.next}
        </Button>
      </Group>
    </Stack>
  );
}

/** Photos the space already has, each with a button that removes it from the form. */
function StoredPhotos({
  label,
  uris,
  onRemove,
  testId,
}: {
  label: string;
  uris: string[];
  onRemove: (uri: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs">
        {uris.map((uri, index) => (
          <Stack key={uri} gap={2} align="center">
            <Image src={uri} alt="" w={72} h={48} fit="cover" radius="sm" />
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => onRemove(uri)}
              aria-label={t("editorUi.publish.removePhoto", { number: index + 1 })}
            >
              {t("editorUi.publish.remove")}
            </Button>
          </Stack>
        ))}
      </Group>
    </Stack>
  );
}

function slotLabel(slot: SlotView, t: TFunction) {
  const kind =
    slot.kind === "district" && slot.districtSubdomain
      ? `${t("editorUi.publish.slotKinds.district")} · ${slot.districtSubdomain}`
      : t(`editorUi.publish.slotKinds.${slot.kind}`);
  return slot.expiresAt
    ? `${kind} · ${t("editorUi.publish.expires", { date: new Date(slot.expiresAt).toLocaleDateString() })}`
    : kind;
}

function AudienceChoice({
  value,
  users,
  groups,
  onChange,
  onGroupsChange,
  everyone,
  chosen,
  planNeeded,
}: {
  value: Audience;
  users: PersonSummary[];
  groups: GroupChoice[];
  onChange: (value: Audience, users: PersonSummary[]) => void;
  onGroupsChange: (groups: GroupChoice[]) => void;
  everyone: string;
  chosen: string;
  /** Why this plan cannot make the choice (shown as soon as it is chosen); null when it can. */
  planNeeded: string | null;
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
  // the groups one may name: one's own and those of one's districts (owned or belonged to)
  const mine = useQuery({
    queryKey: ["acl-groups"],
    queryFn: fetchAclGroups,
    enabled: value === "chosen",
    staleTime: 60_000,
  });
  const groupOptions = [
    ...groups,
    ...(mine.data ?? [])
      .filter((group) => !groups.some((g) => g.groupId === group.groupId))
      .map(({ groupId, title }) => ({ groupId, title })),
  ];
  return (
    <Stack gap="xs">
      <Radio.Group value={value} onChange={(next) => onChange(next as Audience, users)}>
        <Stack gap={6}>
          <Radio value="everyone" label={everyone} />
          <Radio value="chosen" label={chosen} />
        </Stack>
      </Radio.Group>
      {planNeeded ? (
        <Alert color="yellow" data-testid="publish-plan-needed">
          <Text size="sm">{planNeeded}</Text>
          <Anchor component={Link} to={ROUTES.PRICING} size="sm">
            {t("editorUi.publish.seePricing")}
          </Anchor>
        </Alert>
      ) : value === "chosen" ? (
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
      {!planNeeded && value === "chosen" ? (
        <MultiSelect
          label={t("editorUi.publish.groups")}
          placeholder={groupOptions.length === 0 ? t("editorUi.publish.noGroups") : undefined}
          searchable
          data={groupOptions.map((group) => ({ value: group.groupId, label: group.title }))}
          value={groups.map((group) => group.groupId)}
          onChange={(ids) =>
            onGroupsChange(groupOptions.filter((group) => ids.includes(group.groupId)))
          }
          data-testid="publish-groups"
        />
      ) : null}
    </Stack>
  );
}
