import type { SlotKind } from "../entities/space-slot";

/**
 * Whether a slot can take a space (spec 2 §6: a district's drafts and published spaces belong to
 * the district): a district's space goes into one of that district's slots, and a district's
 * slot takes that district's spaces only; every other space goes into one of its creator's own
 * slots. The holder, the state and the expiry are checked apart from this.
 */
export function slotTakesSpace(
  slot: { kind: SlotKind; districtId: string | null },
  spaceDistrictId: string | null,
): boolean {
  if (spaceDistrictId !== null)
    return slot.kind === "district" && slot.districtId === spaceDistrictId;
  return slot.kind !== "district";
}
