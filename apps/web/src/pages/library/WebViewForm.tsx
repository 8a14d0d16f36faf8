import type { LibraryAsset } from "@atrium/domain";
import { Stack, TextInput } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadAsset } from "../../api/assets";
import { ApiError } from "../../api/client";
import { FormActions } from "./FormActions";
import "./catalogue";

/** Adds a web page to show on a panel. */
export function WebViewForm({
  onCancel,
  onSaved,
}: {
  onCancel: () => void;
  onSaved: (asset: LibraryAsset) => void;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (!/^https?:\/\/\S+$/i.test(address)) {
      setError(t("library.form.urlInvalid"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSaved(
        await uploadAsset("webview3d", {
          url: address,
          title: title.trim() || new URL(address).hostname,
        }),
      );
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : t("errors.somethingWentWrong"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t("library.form.url")}
          placeholder={t("library.form.urlPlaceholder")}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          type="url"
          required
        />
        <TextInput
          label={t("library.form.title")}
          value={title}
          maxLength={100}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
        <FormActions
          error={error}
          busy={busy}
          submitLabel={t("library.form.createText")}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}
