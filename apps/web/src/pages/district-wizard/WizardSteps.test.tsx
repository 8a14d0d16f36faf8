// @vitest-environment happy-dom
import type { DistrictWizardState } from "@atrium/domain/rules/district-wizard";
import { wizardCart } from "@atrium/domain/rules/district-wizard";
import { districtCartCharge } from "@atrium/domain/rules/premade-price";
import { MantineProvider } from "@mantine/core";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n";
import strings from "../../i18n/en/on-demand/district-wizard.json";
import { addOnDemandCatalogue } from "../../i18n/on-demand";
import { OverviewStep } from "./WizardSteps";

const state: DistrictWizardState = {
  mode: "create",
  title: "Museum Row",
  subdomain: "museum-row",
  public: "true",
  freeSpaceTemplateId: "gallery",
  extraSlots: 1,
  templates: [
    {
      spaceTemplateId: "hall",
      districtItemId: "district-item-hall",
      title: "Hall",
      priceCoin: 800,
    },
    {
      spaceTemplateId: "loft",
      districtItemId: "district-item-loft",
      title: "Loft",
      priceCoin: 1200,
    },
  ],
};

async function overview(holdings: {
  isPro: boolean;
  freeUsed: boolean;
  ownedTemplateIds: string[];
}) {
  await initI18n();
  addOnDemandCatalogue(strings);
  const cart = wizardCart(state, 600);
  const charge = districtCartCharge(cart, holdings);
  render(
    <MantineProvider>
      <OverviewStep
        state={state}
        cart={cart}
        slotPrice={600}
        charge={charge}
        balance={0}
        missing={charge.total}
        isPro={holdings.isPro}
        proPlan={null}
        bundles={[]}
        planPriceId={null}
        bundlePriceId={null}
        onPlan={() => {}}
        onBundle={() => {}}
      />
    </MantineProvider>,
  );
}

describe("the wizard's overview", () => {
  afterEach(cleanup);

  it("shows a Pro owner's first premade space free, as the server charges it", async () => {
    await overview({ isPro: true, freeUsed: false, ownedTemplateIds: [] });
    const rows = within(screen.getByTestId("district-cart")).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Space slots × 1600 credits",
      "Hall × 1 (free with Pro)0 credits",
      "Loft × 11,200 credits",
    ]);
    expect(screen.getByTestId("district-cart-total").textContent).toBe("1,800 credits");
  });

  it("charges the full prices once the free one is used, and nothing for one owned", async () => {
    await overview({ isPro: true, freeUsed: true, ownedTemplateIds: ["loft"] });
    const rows = within(screen.getByTestId("district-cart")).getAllByRole("row");
    expect(rows[2]?.textContent).toBe("Loft × 1 (already yours)0 credits");
    expect(screen.getByTestId("district-cart-total").textContent).toBe("1,400 credits");
  });
});
