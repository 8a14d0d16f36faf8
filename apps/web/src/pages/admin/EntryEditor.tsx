import type { CmsCollection } from "@atrium/domain/entities/cms";
import {
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../../api/client";
import { ContentHtml } from "../../features/content/ContentHtml";
import { type AdminRecord, adminListKey, previewMarkdown, useAdminWrite } from "./admin-api";
import {
  COLLECTION_FIELDS,
  type FieldSpec,
  KIND_OPTIONS,
  toFormValues,
  toInput,
} from "./admin-fields";

/** Create or edit one entry; markdown fields have a preview rendered by the server. */
export function EntryEditor({
  collection,
  entry,
  onClose,
}: {
  collection: CmsCollection;
  entry: AdminRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => toFormValues(collection, entry));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { save } = useAdminWrite(collection);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setErrors({});
    try {
      await save.mutateAsync({
        ...(entry ? { id: entry.id, revision: entry.revision } : {}),
        input: toInput(collection, values),
      });
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) return setProblem(t("admin.failed"));
      const fieldErrors: Record<string, string> = {};
      for (const field of error.body.fields ?? []) {
        fieldErrors[field.path.replace(/^body\./, "").split(".")[0] ?? ""] = field.message;
      }
      setErrors(fieldErrors);
      setProblem(
        error.status === 409 ? t("admin.conflict", { message: error.message }) : error.message,
      );
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={entry ? t("admin.editTitle") : t("admin.createTitle")}
      closeOnClickOutside={false}
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          {COLLECTION_FIELDS[collection].map((field) => (
            <Field
              key={field.name}
              field={field}
              value={values[field.name] ?? ""}
              error={errors[field.name]}
              disabled={Boolean(field.fixed && entry)}
              onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
            />
          ))}
          {problem && (
            <Text c="red" role="alert">
              {problem}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("admin.save")}
            </Button>
          </Group>
          {collection !== "authors" && collection !== "resource-categories" && (
            <Text size="sm" c="dimmed">
              {t("admin.draftNote")}
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

function Field({
  field,
  value,
  error,
  disabled,
  onChange,
}: {
  field: FieldSpec;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const common = {
    label: t(`admin.fields.${field.name}`),
    error,
    withAsterisk: field.required,
    disabled,
  };
  switch (field.kind) {
    case "text":
      return (
        <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case "textarea":
      return (
        <Textarea
          {...common}
          autosize
          minRows={2}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "tags":
      return (
        <TextInput
          {...common}
          description={t("admin.tagsHint")}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "number":
      return (
        <NumberInput
          {...common}
          value={value === "" ? "" : Number(value)}
          onChange={(next) => onChange(next === "" ? "" : String(next))}
          allowDecimal={false}
          min={0}
        />
      );
    case "kind":
      return (
        <NativeSelect
          {...common}
          value={value}
          data={KIND_OPTIONS.map((kind) => ({ value: kind, label: t(`admin.kinds.${kind}`) }))}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case "author":
      return <AuthorSelect {...common} value={value} onChange={onChange} />;
    case "markdown":
      return <MarkdownField {...common} value={value} onChange={onChange} />;
    default: {
      const unknownKind: never = field.kind;
      throw new Error(`unknown field kind ${String(unknownKind)}`);
    }
  }
}

function AuthorSelect({
  value,
  onChange,
  ...common
}: {
  label: string;
  error: string | undefined;
  disabled: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { data: authors } = useQuery({
    queryKey: adminListKey("authors"),
    queryFn: ({ signal }) => api<AdminRecord[]>("/cms/api/admin/authors", { signal }),
  });
  return (
    <NativeSelect
      {...common}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: "", label: t("admin.noAuthor") },
        ...(authors ?? []).map((author) => ({
          value: String(author.id),
          label: String(author.name),
        })),
      ]}
    />
  );
}

function MarkdownField({
  value,
  onChange,
  ...common
}: {
  label: string;
  error: string | undefined;
  disabled: boolean;
  withAsterisk?: boolean | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  return (
    <Tabs
      defaultValue="write"
      onChange={async (tab) => {
        if (tab !== "preview") return;
        setFailed(false);
        try {
          setPreview((await previewMarkdown(value)).html);
        } catch {
          setFailed(true);
        }
      }}
    >
      <Tabs.List>
        <Tabs.Tab value="write">{t("admin.write")}</Tabs.Tab>
        <Tabs.Tab value="preview">{t("admin.preview")}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="xs">
        <Textarea
          {...common}
          description={t("admin.markdownHint")}
          autosize
          minRows={8}
          maxRows={24}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          styles={{ input: { fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace" } }}
        />
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="xs">
        {failed ? <Text c="red">{t("admin.failed")}</Text> : <ContentHtml html={preview ?? ""} />}
      </Tabs.Panel>
    </Tabs>
  );
}
