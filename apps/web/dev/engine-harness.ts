// Development harness of the engine (`npx vite` in apps/web, then /dev/engine.html): a sample
// document drawn with the catalogue of the server the dev proxy points at. Not part of the app.
import { createEmptySceneDocument, type SceneDocument } from "@atrium/domain";
import { createEngine } from "../src/engine";

const wall = (
  id: string,
  start: [number, number],
  end: [number, number],
  openings: object[] = [],
) => ({
  id,
  start,
  end,
  height: 4,
  thickness: 0.2,
  openings,
  left: { materialId: null, color: "#e8e2d6" },
  right: { materialId: "material-red-brick", color: "#ffffff" },
});

export function sampleDocument(): SceneDocument {
  const doc = createEmptySceneDocument();
  const space = doc.customSpace as NonNullable<SceneDocument["customSpace"]>;
  doc.customSpace = {
    ...space,
    skyId: "sky-clear-day",
    levels: [
      {
        id: "level-1",
        name: "Ground",
        elevation: 0,
        floor: {
          materialId: "material-oak-planks",
          color: "#ffffff",
          outline: [
            [0, 0],
            [12, 0],
            [12, 8],
            [0, 8],
          ],
        },
        ceiling: { materialId: null, color: "#ffffff", visible: true, height: 4 },
        walls: [
          wall(
            "south",
            [0, 8],
            [12, 8],
            [{ id: "w1", kind: "window", offset: 2, width: 2, height: 1.2, sill: 1 }],
          ),
          wall("east", [12, 8], [12, 0]),
          wall("north", [12, 0], [0, 0]),
          wall(
            "west",
            [0, 0],
            [0, 8],
            [{ id: "d1", kind: "door", offset: 3, width: 1.2, height: 2.2, sill: 0 }],
          ),
          wall(
            "middle",
            [6, 0],
            [6, 8],
            [{ id: "d2", kind: "door", offset: 3.5, width: 1.2, height: 2.2, sill: 0 }],
          ),
        ],
      },
    ],
  } as never;
  doc.startingPosition = [3, 0, 6];
  doc.startingRotation = [0, 0, 0];
  const base = {
    title: "",
    description: "",
    rotation: [0, 0, 0] as [number, number, number],
    scale: [1, 1, 1] as [number, number, number],
    levelId: "level-1",
    locked: false,
  };
  doc.pictures = [
    { ...base, id: "pic-1", position: [3, 1.6, 0.15], assetId: "material-oak-planks" },
    { ...base, id: "pic-2", position: [1.5, 1.6, 0.15], assetId: "missing" },
    { ...base, id: "pic-3", position: [4.5, 1.6, 0.15], assetId: "broken" },
  ];
  doc.texts3d = [
    {
      ...base,
      id: "text-1",
      position: [3, 3, 0.2],
      assetId: null,
      text: {
        content: "Welcome to Atrium",
        fontId: "font-playfair-display",
        fontSize: 60,
        fontStyles: ["bold"],
        fontTransform: "none",
        colorTint: "#222222",
        alignment: "center",
        outline: { color: "#000000", width: 0 },
        dropShadow: false,
        requiredFonts: [],
        hyperText: false,
        link: null,
      },
    },
  ];
  doc.props = Array.from({ length: 200 }, (_, i) => ({
    ...base,
    id: `prop-${i}`,
    position: [6.5 + (i % 20) * 0.27, 0, 0.5 + Math.floor(i / 20) * 0.7] as [
      number,
      number,
      number,
    ],
    propId: "prop-plinth",
    scale: [0.2, 0.2, 0.2] as [number, number, number],
  }));
  doc.portals = [
    {
      ...base,
      id: "portal-1",
      position: [1, 0, 4],
      rotation: [0, Math.PI / 2, 0],
      assetId: "portal-arch",
      targetSceneId: null,
    },
  ];
  doc.infoPoints = [
    { ...base, id: "info-1", position: [5, 1.5, 2], assetId: null, body: "Hello", category: null },
  ];
  doc.webViews3d = [
    {
      ...base,
      id: "web-1",
      position: [0.15, 1.6, 1.5],
      rotation: [0, Math.PI / 2, 0],
      assetId: null,
      url: "https://example.com/",
    },
  ];
  return doc;
}

const canvas = document.getElementById("canvas") as HTMLCanvasElement;
const status = document.getElementById("status") as HTMLElement;
const engine = await createEngine(canvas, {
  mode: "viewer",
  assets: {
    // pictures are drawn from catalogue textures; "missing" and "broken" show the placeholders
    library: async (family, id) => {
      if (id === "missing") {
        const { MissingAssetError } = await import("../src/engine/core/asset-source");
        throw new MissingAssetError("missing");
      }
      if (id === "broken")
        return {
          family,
          fileUrl: "/api/fileService/file/nothing-here",
          width: 4,
          height: 3,
          defaultSize: 1.2,
          transparent: false,
        } as never;
      const material = await (await fetch(`/api/assetService/material/${id}`)).json();
      return {
        family,
        fileUrl: material.baseColorUrl,
        width: 1,
        height: 1,
        defaultSize: 1.2,
        transparent: false,
      } as never;
    },
  },
});
(window as unknown as { engine: unknown }).engine = engine;
engine.on("itemClick", (pick) => {
  status.textContent = `clicked ${pick.collection}:${pick.id}`;
});
await engine.load(sampleDocument(), (fraction) => {
  status.textContent = `loading ${Math.round(fraction * 100)}%`;
});
engine.requestRender();
requestAnimationFrame(() => {
  status.textContent = `loaded ${JSON.stringify(engine.stats())}`;
});
