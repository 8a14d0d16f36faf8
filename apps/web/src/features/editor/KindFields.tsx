import {
  ALL_CLIPS,
  type AnyItem,
  animationPlayback,
  type ItemRef,
  type ModelAnimationChoice,
  updateItem,
} from "@atrium/domain";
import { NumberInput, Select, Switch, Textarea, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchAsset } from "../../api/assets";
import { fetchMyScenes } from "../../api/spaces";
import { useEditorStore } from "./EditorContext";
import { reportEditError } from "./editor-messages";

/** The fields of an item's own kind: a video's playback, a model's animation, a portal's target, an info point's text, a web view's address. */
export function KindFields({
  itemRef,
  item,
  disabled,
}: {
  itemRef: ItemRef;
  item: AnyItem;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const edit = (patch: Record<string, unknown>) =>
    reportEditError(store.run((d) => updateItem(d, itemRef, patch)));
  const fields = item as Record<string, unknown>;
  switch (itemRef.list) {
    case "videos":
    case "liveVideos":
      return (
        <>
          {itemRef.list === "videos" ? (
            <>
              <Switch
                label={t("editorUi.kinds.autoplay")}
                checked={Boolean(fields.autoplay)}
                disabled={disabled}
                onChange={(e) => edit({ autoplay: e.currentTarget.checked })}
              />
              <Switch
                label={t("editorUi.kinds.loop")}
                checked={Boolean(fields.loop)}
                disabled={disabled}
                onChange={(e) => edit({ loop: e.currentTarget.checked })}
              />
            </>
          ) : null}
          <NumberInput
            size="xs"
            label={t("editorUi.kinds.volume")}
            value={Number(fields.volume)}
            min={0}
            max={100}
            disabled={disabled}
            onChange={(value) => typeof value === "number" && edit({ volume: Math.round(value) })}
          />
        </>
      );
    case "models3d":
      return (
        <ModelAnimation
          assetId={String(fields.assetId)}
          value={(fields.animation as ModelAnimationChoice | undefined) ?? null}
          onChange={(animation) => edit({ animation })}
          disabled={disabled}
        />
      );
    case "portals":
      return (
        <PortalTarget
          value={(fields.targetSceneId as string | null) ?? null}
          onChange={(targetSceneId) => edit({ targetSceneId })}
          disabled={disabled}
        />
      );
    case "infoPoints":
      return (
        <Textarea
          size="xs"
          label={t("editorUi.kinds.body")}
          defaultValue={String(fields.body ?? "")}
          key={String(fields.body ?? "")}
          autosize
          minRows={2}
          maxRows={3}
          maxLength={10_000}
          disabled={disabled}
          onBlur={(event) =>
            event.currentTarget.value !== fields.body && edit({ body: event.currentTarget.value })
          }
        />
      );
    case "webViews3d":
      return (
        <TextInput
          size="xs"
          label={t("editorUi.kinds.url")}
          defaultValue={String(fields.url ?? "")}
          key={String(fields.url ?? "")}
          maxLength={2048}
          disabled={disabled}
          onBlur={(event) => {
            const url = event.currentTarget.value.trim();
            if (url !== fields.url) edit({ url });
          }}
        />
      );
    default:
      return null;
  }
}

const NONE = "\u0000none";
const ALL = "\u0000all";

/** Which of the model's clips play, looped: none, one of them, or all together. */
function ModelAnimation({
  assetId,
  value,
  onChange,
  disabled,
}: {
  assetId: string;
  value: ModelAnimationChoice;
  onChange: (value: ModelAnimationChoice) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const asset = useQuery({
    queryKey: ["asset", "model3d", assetId],
    queryFn: ({ signal }) => fetchAsset("model3d", assetId, signal),
    staleTime: 5 * 60_000,
  });
  const clips = asset.data?.family === "model3d" ? asset.data.animationClips : [];
  const playback = animationPlayback(value);
  const selected =
    playback.mode === "none" ? NONE : playback.mode === "all" ? ALL : `clip:${playback.clip}`;
  // a stored clip the model no longer has stays visible, so the choice can be changed
  const names =
    playback.mode === "one" && !clips.includes(playback.clip) ? [...clips, playback.clip] : clips;
  const description = asset.isPending
    ? t("editorUi.kinds.animationLoading")
    : clips.length === 0
      ? t("editorUi.kinds.animationNoClips")
      : t("editorUi.kinds.animationHint");
  return (
    <Select
      size="xs"
      label={t("editorUi.kinds.animation")}
      description={description}
      data={[
        { value: NONE, label: t("editorUi.kinds.animationNone") },
        ...(clips.length > 0 ? [{ value: ALL, label: t("editorUi.kinds.animationAll") }] : []),
        ...names.map((name) => ({ value: `clip:${name}`, label: name })),
      ]}
      value={selected}
      allowDeselect={false}
      disabled={disabled || (clips.length === 0 && playback.mode === "none")}
      onChange={(next) => {
        if (next === null || next === selected) return;
        onChange(next === NONE ? null : next === ALL ? ALL_CLIPS : next.slice("clip:".length));
      }}
    />
  );
}

function PortalTarget({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const spaces = useQuery({
    queryKey: ["my-scenes", "Published"],
    queryFn: ({ signal }) => fetchMyScenes({ state: "Published", ipp: 50 }, signal),
  });
  const store = useEditorStore();
  const own = store.getSession().sceneId;
  return (
    <Select
      size="xs"
      label={t("editorUi.kinds.portalTarget")}
      placeholder={t("editorUi.kinds.portalNone")}
      data={(spaces.data ?? [])
        .filter((space) => space.sceneId !== own)
        .map((space) => ({ value: space.sceneId, label: space.title }))}
      value={value}
      onChange={onChange}
      clearable
      disabled={disabled}
    />
  );
}
