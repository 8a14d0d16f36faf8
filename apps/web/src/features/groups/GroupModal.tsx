import type { Group } from "@atrium/domain";
import { coreMessages } from "@atrium/domain/messages/core";
import {
  Button,
  Modal,
  MultiSelect,
  Group as Row,
  Stack,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { createGroup, updateGroup } from "../../api/districts";
import "../../pages/district/catalogue";

interface GroupForm {
  title: string;
  description: string;
  image: string;
  members: string[];
}

const EMPTY: GroupForm = { title: "", description: "", image: "", members: [] };

/**
 * Create or edit a group (spec 2 §3.9: title, description, image, members): a district's, whose
 * members are the district's (the district site), or one's own, whose members are found by
 * searching people (the account's connections).
 */
export function GroupModal({
  districtId,
  group,
  accent,
  memberOptions,
  onMemberSearch,
  onClose,
  onSaved,
}: {
  /** The district whose group it is, or null for a group of one's own. */
  districtId: string | null;
  group: Group | "new" | null;
  accent?: string;
  /** The people who may be chosen (those chosen already among them, with their names). */
  memberOptions: { value: string; label: string }[];
  /** Asked as the member field is typed in, when the choice is a search (one's own groups). */
  onMemberSearch?: (query: string) => void;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const existing = group !== null && group !== "new" ? group : null;
  const [form, setForm] = useState<GroupForm>(
    existing
      ? {
          title: existing.title,
          description: existing.description,
          image: existing.image ?? "",
          members: existing.members,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Partial<Record<keyof GroupForm, string>>>({});
  const save = useMutation({
    mutationFn: () => {
      const body = {
        title: form.title.trim(),
        description: form.description,
        image: form.image.trim() === "" ? null : form.image.trim(),
        members: form.members,
      };
      return existing ? updateGroup(existing.groupId, body) : createGroup({ districtId, ...body });
    },
    onSuccess: onSaved,
    onError: (error) => {
      if (!(error instanceof ApiError)) return setErrors({ title: t("errors.somethingWentWrong") });
      const next: Partial<Record<keyof GroupForm, string>> = {};
      for (const field of ["title", "description", "image", "members"] as const) {
        const message = error.fieldMessage(`body.${field}`);
        if (message) next[field] = message;
      }
      setErrors(Object.keys(next).length > 0 ? next : { title: error.message });
    },
  });
  const set = (patch: Partial<GroupForm>) => setForm((current) => ({ ...current, ...patch }));
  return (
    <Modal
      opened={group !== null}
      onClose={onClose}
      title={t(existing ? "districtSite.groups.editTitle" : "districtSite.groups.newTitle")}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (form.title.trim() === "") {
            setErrors({ title: coreMessages.forms.required });
            return;
          }
          save.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t("districtSite.groups.title")}
            value={form.title}
            onChange={(event) => set({ title: event.currentTarget.value })}
            error={errors.title}
            maxLength={100}
            data-autofocus
          />
          <Textarea
            label={t("districtSite.groups.description")}
            value={form.description}
            onChange={(event) => set({ description: event.currentTarget.value })}
            error={errors.description}
            maxLength={1000}
            autosize
            minRows={2}
          />
          <TextInput
            label={t("districtSite.groups.image")}
            value={form.image}
            onChange={(event) => set({ image: event.currentTarget.value })}
            error={errors.image}
            placeholder="https://"
          />
          <MultiSelect
            label={t("districtSite.groups.members")}
            data={memberOptions}
            value={form.members}
            onChange={(members) => set({ members })}
            error={errors.members}
            searchable
            {...(onMemberSearch
              ? { onSearchChange: onMemberSearch, filter: ({ options }) => options }
              : {})}
            comboboxProps={{ withinPortal: true }}
          />
          <Row justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("districtSite.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending} {...(accent ? { color: accent } : {})}>
              {t("districtSite.save")}
            </Button>
          </Row>
        </Stack>
      </form>
    </Modal>
  );
}
