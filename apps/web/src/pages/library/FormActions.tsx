import { Alert, Button, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import "./catalogue";

/** The end of every library form: the server's refusal, if any, then Cancel and the submit button. */
export function FormActions({
  error,
  busy,
  submitLabel,
  onCancel,
}: {
  error: string | null;
  busy: boolean;
  submitLabel: string;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {t("library.form.cancel")}
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
