// @vitest-environment happy-dom
import { MantineProvider } from "@mantine/core";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DEBUG_HOOKS_KEY } from "../../app/debug-hooks";
import { initI18n } from "../../i18n";
import liveStrings from "../../i18n/en/on-demand/live.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import VoiceControl, { type VoiceControlProps } from "./VoiceControl";
import type { VoiceProvider } from "./voice-provider";

// the WebRTC provider is replaced by one that records what the control asks of it
const provider = vi.hoisted(() => ({
  join: vi.fn(async () => {}),
  leave: vi.fn(),
  setMuted: vi.fn(),
  setVolume: vi.fn(),
  update: vi.fn(),
  peers: () => [],
  ownLevel: () => 0,
  stats: async () => [],
  onChange: () => () => {},
}));
vi.mock("./p2p-voice", () => ({ createP2PVoice: () => provider as VoiceProvider }));

type Live = VoiceControlProps["live"];
const live = (over: Partial<Live> = {}): Live => ({
  myVisitorId: "me",
  instanceId: "inst-1",
  canChat: true,
  mutedByOwner: false,
  voiceEngine: "p2p",
  visitors: [],
  call: async () => ({ ok: true }),
  subscribe: () => () => {},
  ...over,
});
const view = (value: Live) => (
  <MantineProvider>
    <VoiceControl
      live={value}
      mutedUsers={new Set()}
      frame={() => ({ me: null, listener: null, avatars: [] })}
      phone={false}
    />
  </MantineProvider>
);

describe("VoiceControl (the viewer's microphone button)", () => {
  beforeAll(async () => {
    await initI18n();
    addOnDemandCatalogue(liveStrings);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("leaves by itself when the space's owner mutes this visitor for everyone, says why and does not rejoin", async () => {
    const { rerender } = render(view(live()));
    const button = screen.getByTestId("voice-button");
    await act(async () => fireEvent.click(button));
    await vi.waitFor(() => expect(button.getAttribute("data-state")).toBe("live"));
    expect(provider.join).toHaveBeenCalledTimes(1);

    // the server took them out of the voice chat: the microphone and connections go too
    await act(async () => rerender(view(live({ mutedByOwner: true }))));
    expect(provider.leave).toHaveBeenCalledTimes(1);
    expect(button.getAttribute("data-state")).toBe("mutedByOwner");
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(screen.getByTestId("voice-error").textContent).toBe(
      "The space's owner muted you and took you out of the voice chat",
    );
    await act(async () => fireEvent.click(button));
    expect(provider.join).toHaveBeenCalledTimes(1);

    // lifted: the button works again, and nothing rejoins until the visitor asks
    await act(async () => rerender(view(live())));
    expect(button.getAttribute("data-state")).toBe("off");
    expect(screen.queryByTestId("voice-error")).toBeNull();
    expect(provider.join).toHaveBeenCalledTimes(1);
  });

  it("exposes window.__atriumVoice only to pages that asked for test handles", async () => {
    const voiceHook = () => (window as { __atriumVoice?: unknown }).__atriumVoice;
    for (const asked of [false, true]) {
      if (asked) localStorage.setItem(DEBUG_HOOKS_KEY, "1");
      const { unmount } = render(view(live()));
      const button = screen.getByTestId("voice-button");
      await act(async () => fireEvent.click(button));
      await vi.waitFor(() => expect(button.getAttribute("data-state")).toBe("live"));
      expect(voiceHook() !== undefined).toBe(asked);
      unmount();
      expect(voiceHook()).toBeUndefined();
    }
    localStorage.removeItem(DEBUG_HOOKS_KEY);
  });

  it("says why a muted visitor cannot join", () => {
    render(view(live({ mutedByOwner: true })));
    const button = screen.getByTestId("voice-button");
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(screen.getByTestId("voice-error").textContent).toBe("The space's owner muted you");
  });
});
