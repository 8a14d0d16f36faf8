import { NodeIO } from "@gltf-transform/core";
import { ALL_EXTENSIONS } from "@gltf-transform/extensions";
import draco3d from "draco3dgltf";
import { MeshoptDecoder, MeshoptEncoder } from "meshoptimizer";

let io: Promise<NodeIO> | null = null;
let dracoIO: Promise<NodeIO> | null = null;

async function makeIO(dependencies: Record<string, unknown> = {}) {
  await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
  return new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    "meshopt.decoder": MeshoptDecoder,
    "meshopt.encoder": MeshoptEncoder,
    ...dependencies,
  });
}

/**
 * One glTF reader/writer knowing every extension and the meshopt codec, made on first use.
 * `draco` gives one that also decodes KHR_draco_mesh_compression: its WebAssembly decoder is
 * made only once an upload needs it (most models are not Draco-compressed).
 */
export function gltfIO(options: { draco?: boolean } = {}): Promise<NodeIO> {
  if (options.draco) {
    dracoIO ??= (async () =>
      makeIO({ "draco3d.decoder": await draco3d.createDecoderModule() }))().catch(
      (error: unknown) => {
        dracoIO = null;
        throw error;
      },
    );
    return dracoIO;
  }
  io ??= makeIO();
  return io;
}
