// troika-three-text ships its declarations without naming them in package.json; the part used here.
declare module "troika-three-text" {
  import type { Color, Material, Mesh } from "three";
  export class Text extends Mesh {
    text: string;
    font: string | null;
    fontSize: number;
    fontStyle: "normal" | "italic";
    fontWeight: number | "normal" | "bold";
    color: string | number | Color;
    anchorX: number | "left" | "center" | "right";
    anchorY: number | "top" | "top-baseline" | "middle" | "bottom-baseline" | "bottom";
    textAlign: "left" | "right" | "center" | "justify";
    maxWidth: number;
    outlineWidth: number | string;
    outlineColor: string | number | Color;
    outlineOffsetX: number | string;
    outlineOffsetY: number | string;
    outlineBlur: number | string;
    outlineOpacity: number;
    depthOffset: number;
    material: Material;
    textRenderInfo: { blockBounds: [number, number, number, number] } | null;
    sync(callback?: () => void): void;
    dispose(): void;
  }
  export function configureTextBuilder(config: {
    useWorker?: boolean;
    sdfGlyphSize?: number;
    defaultFontURL?: string | null;
  }): void;
}
