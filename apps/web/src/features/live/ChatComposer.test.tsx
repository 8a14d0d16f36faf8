// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n";
import { ChatComposer, type SendAck } from "./ChatComposer";

function setup(onSend: (text: string) => Promise<SendAck>) {
  const onSent = vi.fn();
  render(
    <MantineProvider>
      <ChatComposer testId="dm" maxLength={500} onSend={onSend} onSent={onSent} />
    </MantineProvider>,
  );
  const input = screen.getByTestId("dm-input") as HTMLTextAreaElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const enter = (shiftKey = false) => fireEvent.keyDown(input, { key: "Enter", shiftKey });
  return { input, type, enter, onSent };
}

describe("ChatComposer (the chat tabs' input)", () => {
  beforeAll(async () => {
    await initI18n();
    // Mantine's autosize textarea listens to font loading, which happy-dom lacks
    Object.defineProperty(document, "fonts", { value: new EventTarget(), configurable: true });
  });
  afterEach(cleanup);

  it("sends the trimmed text on Enter, empties the input and reports it sent", async () => {
    const onSend = vi.fn(async () => ({ ok: true }));
    const { input, type, enter, onSent } = setup(onSend);
    type("  hello  ");
    enter(true); // Shift+Enter is a line break
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => enter());
    expect(onSend).toHaveBeenCalledWith("hello");
    expect(input.value).toBe("");
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it("sends nothing blank", async () => {
    const onSend = vi.fn(async () => ({ ok: true }));
    const { type, enter } = setup(onSend);
    type("   ");
    await act(async () => enter());
    expect(onSend).not.toHaveBeenCalled();
  });

  it("gives a refused message back with the refusal, unless something new was typed", async () => {
    let answer: (ack: SendAck) => void = () => {};
    const onSend = vi.fn(() => new Promise<SendAck>((resolve) => (answer = resolve)));
    const { input, type, enter, onSent } = setup(onSend);
    type("first");
    await act(async () => enter());
    expect(input.value).toBe("");
    await act(async () => answer({ ok: false, error: { message: "You are muted" } }));
    expect(input.value).toBe("first");
    expect(screen.getByText("You are muted")).toBeTruthy();
    expect(onSent).not.toHaveBeenCalled();

    await act(async () => enter());
    type("second");
    await act(async () => answer({ ok: false, error: { message: "Too fast" } }));
    expect(input.value).toBe("second");
    expect(screen.getByText("Too fast")).toBeTruthy();
  });
});
