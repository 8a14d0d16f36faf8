import {
  filterDurationDigits,
  formatDuration,
  padDurationPart,
  parseDuration,
  validateMinDuration,
} from "@atrium/domain/rules/duration-input";
import { TextInput } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * The minutes:seconds input (spec 2 §5.1): digits only, each part at most 59, single digits
 * padded on blur; the value is seconds and below the minimum shows 'Duration > {min}'.
 */
export function DurationField({
  label,
  seconds,
  onChange,
  min = 3,
}: {
  label: string;
  seconds: number;
  onChange: (seconds: number) => void;
  min?: number;
}) {
  const [text, setText] = useState(formatDuration(seconds));
  useEffect(() => setText(formatDuration(seconds)), [seconds]);
  const total = parseDuration(text);
  return (
    <TextInput
      label={label}
      value={text}
      placeholder="mm:ss"
      inputMode="numeric"
      error={validateMinDuration(total, min)}
      onChange={(event) => {
        const [minutes = "", secs] = event.currentTarget.value.split(":");
        const next =
          secs === undefined
            ? filterDurationDigits(minutes).slice(0, 4)
            : `${filterDurationDigits(minutes).slice(0, 2)}:${filterDurationDigits(secs).slice(0, 2)}`;
        setText(next);
      }}
      onBlur={() => {
        const [minutes = "", secs] = text.split(":");
        const padded =
          secs === undefined ? text : `${padDurationPart(minutes)}:${padDurationPart(secs)}`;
        const value = parseDuration(padded);
        setText(formatDuration(value));
        if (value !== seconds) onChange(value);
      }}
      w={120}
    />
  );
}
