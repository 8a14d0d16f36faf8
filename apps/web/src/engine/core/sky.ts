// The sky, drawn after the room instead of before it, and only in frames where some of it shows.
//
// three.js draws a textured `scene.background` first, over every pixel, and then the room over
// it: inside a room with a ceiling the sky is computed for the whole view and none of it is
// seen. Drawn last, at the far plane, with the depth test on, it only fills the pixels where
// nothing else was drawn (a door, a window, a room without a ceiling, the outside).
//
// Drawn last is not free: software WebGL (SwiftShader, what many laptops without a usable GPU and
// every headless browser fall back to) shades a fragment before its depth test, so the dome's
// cube-map lookups still cost the whole view, a fifth of a walking frame in a gallery. So each of
// the engine's frames also draws a probe: the same box with an empty shader and no colour
// writes, inside an occlusion query (`ANY_SAMPLES_PASSED_CONSERVATIVE`). While the last answered
// query saw no sky, the dome is left out. Queries answer a frame or two late: when sky comes into
// view it shows the scene's clear colour (the lighting preset's sky colour) for those frames,
// and a frame is asked for as soon as the answer arrives, so a still view never keeps the gap.
//
// The dome is three.js's own background shader (the same cube map the renderer would make from
// the panorama, the same colour handling), on a unit box that follows the camera. Draws outside
// the engine's frames (a cover picture, an export) always include the dome.
import {
  BackSide,
  BoxGeometry,
  ColorManagement,
  Group,
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
export const SKY_PROBE_NAME = "sky-probe";

/** The occlusion-query calls of WebGL 2 the probe uses. */
type QueryContext = Pick<
  WebGL2RenderingContext,
  | "createQuery"
  | "deleteQuery"
  | "beginQuery"
  | "endQuery"
  | "getQueryParameter"
  | "ANY_SAMPLES_PASSED_CONSERVATIVE"
  | "QUERY_RESULT"
  | "QUERY_RESULT_AVAILABLE"
>;

export interface SkyDome {
  readonly object: Object3D;
  /** Draws one of the engine's frames (`draw`), leaving the dome out while no sky is seen. */
  frame(draw: () => void): void;
  dispose(): void;
}

export interface SkyDomeOptions {
  /** A frame drawn without the dome turned out to have sky in view: draw another. */
  onSkySeen(): void;
  /** Polling between frames (requestAnimationFrame in the browser). */
  nextTick?: (callback: () => void) => void;
}

/** A sky dome from an equirectangular panorama (its image loaded). */
export function createSkyDome(
  renderer: WebGLRenderer,
  panorama: Texture,
  options: SkyDomeOptions,
): SkyDome {
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
  const followCamera = (mesh: Mesh) => {
    // centred on the camera when drawn: never culled, never picked
    mesh.frustumCulled = false;
    mesh.raycast = () => {};
    mesh.onBeforeRender = (_renderer, _scene, camera) => {
      mesh.matrixWorld.copyPosition(camera.matrixWorld);
    };
  };
  const dome = new Mesh(geometry, material);
  dome.name = SKY_DOME_NAME;
  dome.renderOrder = SKY_RENDER_ORDER;
  followCamera(dome);

  // the probe: the same box on the far plane, no colour, no depth written, an empty shader
  const probeMaterial = new ShaderMaterial({
    name: "SkyProbeMaterial",
    vertexShader: shader.vertexShader,
    fragmentShader: "void main() { gl_FragColor = vec4(0.0); }",
    side: BackSide,
    depthTest: true,
    depthWrite: false,
    colorWrite: false,
    fog: false,
  });
  const probe = new Mesh(geometry, probeMaterial);
  probe.name = SKY_PROBE_NAME;
  probe.renderOrder = SKY_RENDER_ORDER - 1;
  probe.visible = false;
  followCamera(probe);
  const test = skyVisibilityTest(renderer.getContext(), options);
  const placeProbe = probe.onBeforeRender;
  probe.onBeforeRender = (...args) => {
    placeProbe(...args);
    test.begin();
  };
  probe.onAfterRender = () => test.end();

  const object = new Group();
  object.name = "sky";
  object.add(dome, probe);
  return {
    object,
    frame(draw) {
      const seen = test.seen();
      dome.visible = seen;
      probe.visible = test.available;
      try {
        draw();
      } finally {
        dome.visible = true;
        probe.visible = false;
        test.drawn(seen);
      }
    },
    dispose() {
      object.removeFromParent();
      test.dispose();
      geometry.dispose();
      material.dispose();
      probeMaterial.dispose();
      target.dispose();
    },
  };
}

/**
 * Whether the probe's pixels passed the depth test, from occlusion queries answered a frame or
 * two later. Until a query has answered, and without WebGL 2 queries, the sky counts as seen.
 */
export function skyVisibilityTest(
  context: WebGLRenderingContext | WebGL2RenderingContext,
  { onSkySeen, nextTick = (callback) => requestAnimationFrame(() => callback()) }: SkyDomeOptions,
) {
  const gl = "createQuery" in context ? (context as QueryContext) : null;
  const pending: WebGLQuery[] = [];
  const spare: WebGLQuery[] = [];
  let active: WebGLQuery | null = null;
  let seen = true;
  let lastDrawnWithSky = true;
  let polling = false;
  let disposed = false;

  /** Takes every answered query, oldest first: the newest answer decides. */
  const poll = () => {
    if (!gl) return;
    while (pending.length > 0) {
      const query = pending[0] as WebGLQuery;
      if (!gl.getQueryParameter(query, gl.QUERY_RESULT_AVAILABLE)) break;
      seen = Boolean(gl.getQueryParameter(query, gl.QUERY_RESULT));
      pending.shift();
      spare.push(query);
    }
  };
  const watch = () => {
    if (disposed) return;
    poll();
    if (seen && !lastDrawnWithSky) {
      polling = false;
      onSkySeen();
    } else if (pending.length > 0) nextTick(watch);
    else polling = false;
  };

  return {
    available: gl !== null,
    seen() {
      poll();
      return seen;
    },
    begin() {
      if (!gl || active) return;
      active = spare.pop() ?? gl.createQuery();
      if (active) gl.beginQuery(gl.ANY_SAMPLES_PASSED_CONSERVATIVE, active);
    },
    end() {
      if (!gl || !active) return;
      gl.endQuery(gl.ANY_SAMPLES_PASSED_CONSERVATIVE);
      pending.push(active);
      active = null;
    },
    /** After a frame: while it left the sky out, watch for a query that saw some. */
    drawn(withSky: boolean) {
      lastDrawnWithSky = withSky;
      if (!withSky && !polling && pending.length > 0) {
        polling = true;
        nextTick(watch);
      }
    },
    dispose() {
      disposed = true;
      if (!gl) return;
      if (active) gl.endQuery(gl.ANY_SAMPLES_PASSED_CONSERVATIVE);
      for (const query of [...pending, ...spare, ...(active ? [active] : [])])
        gl.deleteQuery(query);
      pending.length = 0;
      spare.length = 0;
      active = null;
    },
  };
}
