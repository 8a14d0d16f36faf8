import {
  type ProfilePatch,
  type PublicProfile,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from "@atrium/domain";
import { CROP } from "@atrium/domain/constants";
import { validateExternalLink, validateSocialLink } from "@atrium/domain/rules/external-url";
import {
  Alert,
  Button,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateUser } from "../../api/accounts";
import { meQueryKey } from "../../features/auth/use-me";
import { fieldErrors, formError } from "../login/form-errors";
import { AvatarPicker } from "./AvatarPicker";
import { type ChosenPicture, PictureField } from "./PictureField";
import "../../i18n/areas/account";

const TEXT_FIELDS = ["city", "country", "occupation", "gender"] as const;
const NETWORKS = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[];
/** A cover photo is a wide banner; the profile picture keeps the crop step's square. */
const COVER_ASPECT = 3;

/** Edit the profile (spec 2 §3.6): text fields, links, pictures with the crop step, avatar. */
export default function ProfileEditor({
  profile,
  onClose,
}: {
  profile: PublicProfile;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phone = useMediaQuery("(max-width: 32.5em)");
  const [values, setValues] = useState({
    name: profile.name,
    username: profile.username ?? "",
    bio: profile.bio ?? "",
    birthday: profile.birthday ?? "",
    website: profile.website ?? "",
    ...Object.fromEntries(TEXT_FIELDS.map((key) => [key, profile[key] ?? ""])),
  } as Record<string, string>);
  const [links, setLinks] = useState<Record<string, string>>(
    Object.fromEntries(profile.socialMedia.map((link) => [link.name, link.url])),
  );
  const [avatar, setAvatar] = useState(profile.avatar);
  const [picture, setPicture] = useState<ChosenPicture | null>(null);
  const [cover, setCover] = useState<ChosenPicture | null>(null);
  const [removed, setRemoved] = useState({ picture: false, cover: false });
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  // Esc and a click outside close the dialog, except once something is changed: then only
  // Cancel does, so a stray key does not throw the edits away
  const [initial] = useState(() => JSON.stringify({ values, links, avatar }));
  const dirty =
    picture !== null ||
    cover !== null ||
    removed.picture ||
    removed.cover ||
    JSON.stringify({ values, links, avatar }) !== initial;

  const save = useMutation({
    mutationFn: () => {
      const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);
      const patch: ProfilePatch = {
        name: values.name?.trim() ?? "",
        username: orNull(values.username),
        bio: orNull(values.bio),
        birthday: orNull(values.birthday),
        website: orNull(values.website),
        city: orNull(values.city),
        country: orNull(values.country),
        occupation: orNull(values.occupation),
        gender: orNull(values.gender),
        avatar,
        socialMedia: NETWORKS.filter((name) => links[name]?.trim()).map((name) => ({
          name,
          url: links[name]!.trim(),
        })),
        removeProfilePicture: removed.picture && !picture,
        removeCoverPhoto: removed.cover && !cover,
      };
      return updateUser(profile.userId, patch, {
        ...(picture ? { profilePicture: { file: picture.file, crop: picture.crop } } : {}),
        ...(cover ? { coverPhoto: { file: cover.file, crop: cover.crop } } : {}),
      });
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(["profile", profile.userId], updated);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      onClose();
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    for (const name of NETWORKS) {
      const problem = validateSocialLink(name, links[name] ?? "");
      if (problem) problems[`social.${name}`] = problem;
    }
    if (values.website?.trim()) {
      const problem = validateExternalLink(values.website.trim(), "www.example.com");
      if (problem) problems.website = problem;
    }
    setLocalErrors(problems);
    if (Object.keys(problems).length === 0) save.mutate();
  };
  const serverErrors = fieldErrors(save.error);
  // the server numbers the links it was sent, which are only the filled-in ones
  const submittedNetworks = NETWORKS.filter((name) => links[name]?.trim());
  const errorOf = (key: string) => localErrors[key] ?? serverErrors[key];
  // the value is read now: the event's target is gone by the time the updater runs
  const set = (key: string) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: value }));
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t("accounts.profile.edit")}
      size="xl"
      fullScreen={phone}
      closeOnEscape={!dirty}
      closeOnClickOutside={!dirty}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PictureField
              label={t("accounts.profile.profilePicture")}
              current={removed.picture ? null : profile.profilePicture}
              chosen={picture}
              aspect={CROP.aspect}
              round
              onChosen={setPicture}
              onRemove={() => setRemoved((current) => ({ ...current, picture: true }))}
            />
            <PictureField
              label={t("accounts.profile.coverPhoto")}
              current={removed.cover ? null : profile.coverPhoto}
              chosen={cover}
              aspect={COVER_ASPECT}
              onChosen={setCover}
              onRemove={() => setRemoved((current) => ({ ...current, cover: true }))}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("accounts.fields.name")}
              required
              value={values.name}
              onChange={set("name")}
              error={errorOf("name")}
            />
            <TextInput
              label={t("accounts.fields.username")}
              value={values.username}
              onChange={set("username")}
              error={errorOf("username")}
              leftSection="@"
            />
          </SimpleGrid>
          <Textarea
            label={t("accounts.fields.bio")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            value={values.bio}
            onChange={set("bio")}
            error={errorOf("bio")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t("accounts.fields.birthday")}
              type="date"
              value={values.birthday}
              onChange={set("birthday")}
              error={errorOf("birthday")}
            />
            {TEXT_FIELDS.map((key) => (
              <TextInput
                key={key}
                label={t(`accounts.fields.${key}`)}
                value={values[key]}
                onChange={set(key)}
                error={errorOf(key)}
              />
            ))}
            <TextInput
              label={t("accounts.fields.website")}
              type="url"
              placeholder="https://"
              value={values.website}
              onChange={set("website")}
              error={errorOf("website")}
            />
          </SimpleGrid>
          <div>
            <Title order={3} size="h5" mb="xs">
              {t("accounts.profile.socialLinks")}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {NETWORKS.map((name) => (
                <TextInput
                  key={name}
                  label={name}
                  type="url"
                  placeholder={`https://${SOCIAL_NETWORKS[name][0]}/`}
                  value={links[name] ?? ""}
                  onChange={(event) => {
                    const url = event.currentTarget.value;
                    setLinks((current) => ({ ...current, [name]: url }));
                  }}
                  error={
                    localErrors[`social.${name}`] ??
                    serverErrors[`socialMedia.${submittedNetworks.indexOf(name)}.url`]
                  }
                />
              ))}
            </SimpleGrid>
          </div>
          <div>
            <Title order={3} size="h5" mb="xs">
              {t("accounts.profile.avatar")}
            </Title>
            <AvatarPicker value={avatar} onChange={setAvatar} />
          </div>
          {formError(save.error, t("accounts.settings.saveFailed")) && (
            <Alert color="red">{formError(save.error, t("accounts.settings.saveFailed"))}</Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("accounts.profile.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
