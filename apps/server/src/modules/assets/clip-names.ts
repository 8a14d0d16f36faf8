import type { Readable } from "node:stream";
import { clipNameOf } from "@atrium/domain";
import type { FilesService } from "../files/service.js";
import type { AssetsRepo, AssetWithCreator } from "./repo.js";

// A model's animation clip names are stored at upload (pipeline/counts.ts). Models stored before
// that get them on their first read: the JSON chunk of the delivery glb is read once, and the
// names merged into the asset's details, so later reads cost nothing.

const GLB_MAGIC = 0x46546c67; // "glTF"
const JSON_CHUNK = 0x4e4f534a; // "JSON"

/** The clip names of a binary glTF, read from its JSON chunk alone. */
export function clipNamesOfGlb(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20 || view.getUint32(0, true) !== GLB_MAGIC)
    throw new Error("not a binary glTF");
  const length = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_CHUNK || 20 + length > bytes.byteLength)
    throw new Error("the glb's first chunk is not its JSON");
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length))) as {
    animations?: { name?: string }[];
  };
  return (json.animations ?? []).map((clip, index) => clipNameOf(clip.name, index));
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}

/** Gives models without stored clip names their names (read from the file, then stored). */
export function createClipNamesBackfill(
  repo: Pick<AssetsRepo, "mergeDetails">,
  files: FilesService,
) {
  async function namesOf(row: AssetWithCreator): Promise<string[] | null> {
    const details = row.asset.details as Record<string, unknown>;
    if (Number(details.animationClipCount ?? 0) === 0) return [];
    if (!row.asset.fileId) return null;
    try {
      const { stream } = await files.open(row.asset.fileId);
      return clipNamesOfGlb(await readAll(stream));
    } catch {
      return null; // a file that cannot be read shows no names; the next read tries again
    }
  }
  return async function backfill<T extends AssetWithCreator>(rows: T[]): Promise<T[]> {
    return Promise.all(
      rows.map(async (row) => {
        const details = row.asset.details as Record<string, unknown>;
        if (row.asset.family !== "model3d" || Array.isArray(details.animationClips)) return row;
        const names = await namesOf(row);
        if (names === null) return row;
        await repo.mergeDetails(row.asset.id, { animationClips: names });
        return { ...row, asset: { ...row.asset, details: { ...details, animationClips: names } } };
      }),
    );
  };
}

export type ClipNamesBackfill = ReturnType<typeof createClipNamesBackfill>;
