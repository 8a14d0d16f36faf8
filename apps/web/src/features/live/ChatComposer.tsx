import { Button, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export interface SendAck {
  ok: boolean;
  error?: { message: string };
}

/**
 * The chat sidebar's message input and Send button (public and Direct tabs). Enter sends,
 * Shift+Enter breaks the line. Each message goes at once (typing fast loses none); a refused
 * one comes back to the input (unless something new was typed) with the refusal under it.
 */
export function ChatComposer({
  testId,
  maxLength,
  disabled = false,
  onSend,
  onSent,
}: {
  /** `chat` or `dm`: the prefix of the test ids (`chat-input`, `dm-send`). */
  testId: string;
  maxLength: number;
  disabled?: boolean;
  onSend: (text: string) => Promise<SendAck>;
  /** A message was accepted (the list scrolls to its end). */
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(0);

  const send = async () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setText("");
    setSending((count) => count + 1);
    const ack = await onSend(trimmed);
    setSending((count) => count - 1);
    if (ack.ok) {
      setError(null);
      onSent();
    } else {
      setError(ack.error?.message ?? null);
      setText((current) => current || trimmed);
    }
  };

  return (
    <>
      <Textarea
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && !event.shiftKey) {
            event.preventDefault();
            void send();
          }
        }}
        placeholder={t("live.placeholder")}
        aria-label={t("live.placeholder")}
        maxLength={maxLength}
        autosize
        minRows={1}
        maxRows={4}
        disabled={disabled}
        error={error}
        data-testid={`${testId}-input`}
      />
      <Button
        onClick={() => void send()}
        disabled={disabled || !text.trim()}
        loading={sending > 0}
        data-testid={`${testId}-send`}
      >
        {t("live.send")}
      </Button>
    </>
  );
}
