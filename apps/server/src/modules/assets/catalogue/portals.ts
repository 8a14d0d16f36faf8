import type { Document } from "@gltf-transform/core";
import { buildModel, MeshBuilder, type SurfaceSpec } from "./mesh-builder.js";

// Portal styles: the frame a portal to another space is drawn with. The glowing surface is a
// separate material ("portal-surface") the engine can animate or replace with a view.

export interface PortalRecipe {
  id: string;
  title: string;
  build(): Document;
}

const frame = (name: string, color: [number, number, number], metalness = 0): SurfaceSpec => ({
  name,
  color,
  roughness: 0.4,
  metalness,
});
const glow: SurfaceSpec = {
  name: "portal-surface",
  color: [0.3, 0.7, 1, 0.85],
  emissive: [0.25, 0.6, 1],
  roughness: 0.1,
  doubleSided: true,
};

export const PORTAL_RECIPES: PortalRecipe[] = [
  {
    id: "portal-doorway",
    title: "Doorway",
    build() {
      const wood = new MeshBuilder()
        .box([0.12, 2.3, 0.2], { at: [-0.66, 1.15, 0] })
        .box([0.12, 2.3, 0.2], { at: [0.66, 1.15, 0] })
        .box([1.44, 0.14, 0.2], { at: [0, 2.37, 0] });
      const surface = new MeshBuilder().panel([1.2, 2.3], { at: [0, 1.15, 0] });
      return buildModel("portal-doorway", [
        [frame("frame", [0.25, 0.16, 0.1]), wood],
        [glow, surface],
      ]);
    },
  },
  {
    id: "portal-arch",
    title: "Arch",
    build() {
      const stone = new MeshBuilder();
      const surface = new MeshBuilder();
      stone
        .box([0.25, 1.6, 0.3], { at: [-0.8, 0.8, 0] })
        .box([0.25, 1.6, 0.3], { at: [0.8, 0.8, 0] });
      const arch = Array.from({ length: 13 }, (_, i) => {
        const angle = Math.PI - (i / 12) * Math.PI;
        return [Math.cos(angle) * 0.8, 1.6 + Math.sin(angle) * 0.8, 0] as [number, number, number];
      });
      stone.tube(arch, 0.14, 8);
      surface.panel([1.4, 1.6], { at: [0, 0.8, 0] });
      for (let i = 0; i < 6; i++) {
        const angle = (i / 6) * Math.PI;
        const next = ((i + 1) / 6) * Math.PI;
        // a fan of thin panels fills the arch's top
        surface.panel(
          [
            Math.abs(Math.cos(angle) - Math.cos(next)) * 0.7 + 0.02,
            Math.max(Math.sin(angle), Math.sin(next)) * 0.7,
          ],
          {
            at: [
              ((Math.cos(angle) + Math.cos(next)) / 2) * 0.7,
              1.6 + (Math.max(Math.sin(angle), Math.sin(next)) * 0.7) / 2,
              0,
            ],
          },
        );
      }
      return buildModel("portal-arch", [
        [frame("stone", [0.78, 0.75, 0.7]), stone],
        [glow, surface],
      ]);
    },
  },
  {
    id: "portal-ring",
    title: "Ring",
    build() {
      const ring = Array.from({ length: 33 }, (_, i) => {
        const angle = (i / 32) * Math.PI * 2;
        return [Math.cos(angle) * 1, 1.2 + Math.sin(angle) * 1, 0] as [number, number, number];
      });
      const metal = new MeshBuilder()
        .tube(ring, 0.08, 10)
        .box([0.5, 0.1, 0.5], { at: [0, 0.05, 0] })
        .box([0.1, 0.2, 0.1], { at: [0, 0.15, 0] });
      const surface = new MeshBuilder();
      // a disc facing +z, as a lathe turned on its side
      surface.lathe(
        [
          [0, 0],
          [0.95, 0],
          [0.95, 0.001],
        ],
        32,
        { at: [0, 1.2, 0], tilt: Math.PI / 2 },
      );
      return buildModel("portal-ring", [
        [frame("steel", [0.7, 0.72, 0.75], 1), metal],
        [glow, surface],
      ]);
    },
  },
];
