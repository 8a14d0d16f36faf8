import {
  displayKeyword,
  readKeywordInput,
  validateTagCount,
} from "@atrium/domain/rules/keyword-input";
import { Badge, CloseButton, Group, Input, Stack, TextInput } from "@mantine/core";
import { useState } from "react";

/**
 * The keyword input (spec 2 §5.1): a comma or semicolon after at least 2 characters creates a
 * keyword, shown upper case and removable; duplicates say 'Tag already exists'; the count
 * limits (3 to 10) show under the field.
 */
export function KeywordField({
  label,
  value,
  onChange,
  limits,
}: {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  limits?: { min?: number; max?: number };
}) {
  const [text, setText] = useState("");
  const [duplicate, setDuplicate] = useState<string | null>(null);
  const countError = value.length > 0 ? validateTagCount(value, limits) : null;
  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        value={text}
        error={duplicate ?? countError}
        onChange={(event) => {
          const result = readKeywordInput(event.currentTarget.value, value);
          setText(result.text);
          setDuplicate(result.kind === "duplicate" ? result.message : null);
          if (result.kind === "created") onChange([...value, result.keyword]);
        }}
        data-testid="keyword-input"
      />
      {value.length > 0 ? (
        <Group gap={4}>
          {value.map((keyword) => (
            <Badge
              key={keyword}
              variant="light"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={`Remove ${keyword}`}
                  onClick={() => onChange(value.filter((other) => other !== keyword))}
                />
              }
            >
              {displayKeyword(keyword)}
            </Badge>
          ))}
        </Group>
      ) : (
        <Input.Description>{""}</Input.Description>
      )}
    </Stack>
  );
}
