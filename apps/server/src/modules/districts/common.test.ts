import { describe, expect, it, vi } from "vitest";
import type { AuthContext } from "../../http/auth.js";
import { createAccess } from "./common.js";
import type { DistrictRow, DistrictsRepo } from "./repo.js";

const row = (id: string): DistrictRow => ({
  id,
  owner_id: "owner",
  title: `District ${id}`,
  subdomain: id,
  subtitle: "",
  description: "",
  photo: null,
  cover_photo: null,
  styles: {},
  social_media: [],
  public: true,
  visible: true,
  listed: true,
  active: true,
  created_at: new Date(0),
  owner_name: "Owner",
  owner_picture: null,
  followers: 0,
});

function fakeRepo() {
  const roleOf = vi.fn(async () => null);
  const rolesOf = vi.fn(async (ids: readonly string[]) => {
    const seen = new Map<
      string,
      { role: "Owner" | "Creator" | "Guest" | null; follows: boolean }
    >();
    if (ids.includes("b")) seen.set("b", { role: "Creator", follows: false });
    if (ids.includes("c")) seen.set("c", { role: null, follows: true });
    return seen;
  });
  return { repo: { roleOf, rolesOf } as unknown as DistrictsRepo, roleOf, rolesOf };
}

const me = { userId: "u1" } as AuthContext;

describe("a page of districts as the visitor sees it", () => {
  it("asks for the visitor's roles and follows once per page, never once per district", async () => {
    const { repo, roleOf, rolesOf } = fakeRepo();
    const shown = await createAccess(repo).present(me, [row("a"), row("b"), row("c")]);
    expect(rolesOf).toHaveBeenCalledTimes(1);
    expect(rolesOf).toHaveBeenCalledWith(["a", "b", "c"], "u1");
    expect(roleOf).not.toHaveBeenCalled();
    expect(shown.map((d) => [d.districtId, d.districtUserRole, d.follows])).toEqual([
      ["a", null, false],
      ["b", "Creator", false],
      ["c", null, true],
    ]);
  });

  it("asks nothing for a signed-out visitor, who has no role and follows nothing", async () => {
    const { repo, rolesOf } = fakeRepo();
    const shown = await createAccess(repo).present(null, [row("b")]);
    expect(rolesOf).not.toHaveBeenCalled();
    expect(shown[0]).toMatchObject({ districtUserRole: null, follows: false, isOwner: false });
  });
});
