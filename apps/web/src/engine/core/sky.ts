// The sky, drawn after the room instead of before it.
//
// three.js draws a textured `scene.background` first, over every pixel, and then the room over
// it: inside a room with a ceiling the sky is computed for the whole view and none of it is
// seen. Drawn last, at the far plane, with the depth test on, it only costs the pixels where
// nothing else was drawn (a door, a window, a room without a ceiling, the outside). With software
// WebGL (SwiftShader) a full-view pass is a sizeable share of a walking frame.
//
// The dome is three.js's own background shader (the same cube map the renderer would make from
// the panorama, the same colour handling), on a unit box that follows the camera.
import {
  BackSide,
  BoxGeometry,
  ColorManagement,
  Mesh,
  type Object3D,
  ShaderLib,
  ShaderMaterial,
  SRGBTransfer,
  type Texture,
  UniformsUtils,
  WebGLCubeRenderTarget,
  type WebGLRenderer,
} from "three";

/** Drawn after every opaque object (three.js sorts opaque objects by renderOrder first). */
export const SKY_RENDER_ORDER = Number.MAX_SAFE_INTEGER;

export const SKY_DOME_NAME = "sky-dome";

export interface SkyDome {
  readonly object: Object3D;
  dispose(): void;
}

/** A sky dome from an equirectangular panorama (its image loaded). */
export function createSkyDome(renderer: WebGLRenderer, panorama: Texture): SkyDome {
  const image = panorama.image as { height?: number } | null;
  // the cube size three.js gives a panorama background: one face as tall as the panorama
  const target = new WebGLCubeRenderTarget(Math.max(1, image?.height ?? 512));
  target.fromEquirectangularTexture(renderer, panorama);
  const shader = ShaderLib.backgroundCube;
  const material = new ShaderMaterial({
    name: "SkyDomeMaterial",
    uniforms: UniformsUtils.clone(shader.uniforms),
    vertexShader: shader.vertexShader,
    fragmentShader: shader.fragmentShader,
    side: BackSide,
    // the vertex shader puts the dome on the far plane: with the depth test it only fills what
    // the room left empty (depth still cleared)
    depthTest: true,
    depthWrite: false,
    fog: false,
  });
  material.toneMapped = ColorManagement.getTransfer(panorama.colorSpace) !== SRGBTransfer;
  material.uniforms.envMap = { value: target.texture };
  // the renderer picks the cube-map shader variant from the material's envMap, as for its own
  Object.defineProperty(material, "envMap", { get: () => target.texture });
  const geometry = new BoxGeometry(1, 1, 1);
  geometry.deleteAttribute("normal");
  geometry.deleteAttribute("uv");
  const mesh = new Mesh(geometry, material);
  mesh.name = SKY_DOME_NAME;
  mesh.renderOrder = SKY_RENDER_ORDER;
  // centred on the camera when drawn: never culled, never picked
  mesh.frustumCulled = false;
  mesh.raycast = () => {};
  mesh.onBeforeRender = (_renderer, _scene, camera) => {
    mesh.matrixWorld.copyPosition(camera.matrixWorld);
  };
  return {
    object: mesh,
    dispose() {
      mesh.removeFromParent();
      geometry.dispose();
      material.dispose();
      target.dispose();
    },
  };
}
