import { TagsInput, Textarea } from "@mantine/core";
import { useTranslation } from "react-i18next";
import "./catalogue";

/** An asset's description and tags, as the upload and edit forms ask for them. */
export function DescriptionTagsFields({
  description,
  onDescriptionChange,
  tags,
  onTagsChange,
}: {
  description: string;
  onDescriptionChange: (description: string) => void;
  tags: string[];
  onTagsChange: (tags: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Textarea
        label={t("library.form.description")}
        value={description}
        maxLength={5000}
        autosize
        minRows={2}
        maxRows={6}
        onChange={(event) => onDescriptionChange(event.currentTarget.value)}
      />
      <TagsInput
        label={t("library.form.tags")}
        description={t("library.form.tagsHint")}
        value={tags}
        onChange={onTagsChange}
        maxTags={10}
        splitChars={[",", ";"]}
        clearable
      />
    </>
  );
}
