// @vitest-environment happy-dom
import { MantineProvider, Modal, Select } from "@mantine/core";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { theme } from "./theme";

/** The z-index of the nearest element that sets one inline (Mantine's layers do). */
function layer(element: HTMLElement | null): number {
  for (let node = element; node; node = node.parentElement)
    if (node.style.zIndex) return Number(node.style.zIndex);
  return 0;
}

describe("the theme's layers", () => {
  afterEach(cleanup);

  it("opens a select's options above the modal it is in (a picker in a dialog)", async () => {
    render(
      <MantineProvider theme={theme}>
        <Modal opened onClose={() => {}} title="Pick">
          <Select
            label="Space"
            data={["Harbour gallery"]}
            dropdownOpened
            comboboxProps={{ withinPortal: true, transitionProps: { duration: 0 } }}
          />
        </Modal>
      </MantineProvider>,
    );
    const option = await screen.findByRole("option", { name: "Harbour gallery" });
    // Mantine sets a modal's layer as a variable on its root
    const root = screen.getByRole("dialog").closest<HTMLElement>(".mantine-Modal-root");
    const modal = Number(root?.style.getPropertyValue("--mb-z-index"));
    expect(modal).toBeGreaterThan(1000);
    expect(layer(option)).toBeGreaterThan(modal);
  });
});
