import "@mantine/dropzone/styles.css";
import { dropzoneMessages } from "@atrium/domain/messages/dropzone";
import { formatBytes } from "@atrium/domain/rules/format-bytes";
import { formatMessage } from "@atrium/domain/rules/format-message";
import { CloseButton, Group, Input, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { useTranslation } from "react-i18next";
import "./catalogue";

export interface FileDropProps {
  label: string;
  prompt: string;
  acceptedNote: string;
  /** Extensions and MIME types for the file picker, e.g. [".glb", "image/*"]. */
  accept: string[];
  maxBytes: number;
  multiple?: boolean;
  files: File[];
  /** The dropzone's own checks (the spec's rules) run on every change; a message rejects it. */
  validate: (files: File[]) => string | null;
  onChange: (files: File[]) => void;
  error: string | null;
  onError: (message: string | null) => void;
  disabled?: boolean;
}

/**
 * The dropzone (spec 2 §5.2): every dropped or chosen file goes through the spec's rules in
 * @atrium/domain (type, size, one file, the model rules); a rejection names the file and the
 * limit or the expected type and shows in the dropzone. The maximum size note is always shown.
 */
export function FileDrop(props: FileDropProps) {
  const { t } = useTranslation();
  const add = (incoming: File[]) => {
    const next = props.multiple ? dedupe([...props.files, ...incoming]) : incoming;
    const problem = props.validate(next);
    props.onError(problem);
    if (!problem) props.onChange(next);
  };
  const remove = (file: File) => {
    const next = props.files.filter((candidate) => candidate !== file);
    props.onError(null);
    props.onChange(next);
  };
  return (
    <Input.Wrapper label={props.label} error={props.error} withAsterisk>
      <Stack gap="xs" mt={4}>
        <Dropzone
          onDrop={add}
          onReject={(rejections) => add(rejections.map((rejection) => rejection.file))}
          multiple={props.multiple ?? false}
          disabled={props.disabled}
          // the picker offers the right files; the rules above decide, with the spec's messages
          inputProps={{ accept: props.accept.join(","), "aria-label": props.prompt }}
          data-testid="file-drop"
          radius="lg"
        >
          <Stack align="center" gap={4} py="lg" style={{ pointerEvents: "none" }}>
            <Text fw={600} ta="center">
              {props.prompt}
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              {props.acceptedNote}
            </Text>
            <Text size="xs" c="dimmed">
              {formatMessage(dropzoneMessages.maxFileSize, [formatBytes(props.maxBytes)])}
            </Text>
          </Stack>
        </Dropzone>
        {props.files.length > 0 ? (
          <Stack gap={4} aria-label={t("library.form.chosen")}>
            {props.files.map((file) => (
              <Group
                key={`${file.name}:${file.size}`}
                justify="space-between"
                wrap="nowrap"
                gap="xs"
              >
                <Text size="sm" truncate>
                  {file.name}{" "}
                  <Text span c="dimmed">
                    ({formatBytes(file.size)})
                  </Text>
                </Text>
                <CloseButton
                  size="sm"
                  aria-label={t("library.form.remove", { name: file.name })}
                  onClick={() => remove(file)}
                  disabled={props.disabled}
                />
              </Group>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

const dedupe = (files: File[]) => {
  const seen = new Set<string>();
  return files.filter((file) => {
    const key = `${file.name}:${file.size}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};
