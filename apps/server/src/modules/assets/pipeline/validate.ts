import { createRequire } from "node:module";
import { assetMessages } from "@atrium/domain";
import type { Document } from "@gltf-transform/core";
import { UploadRejected } from "../upload-rejected.js";

interface ValidationReport {
  issues: {
    numErrors: number;
    messages: { code: string; message: string; severity: number; pointer?: string }[];
  };
}
interface GltfValidator {
  validateBytes(
    data: Uint8Array,
    options: { maxIssues: number; ignoredIssues: string[]; format: "glb" },
  ): Promise<ValidationReport>;
}
// the Khronos validator is a CommonJS build without type declarations
const { validateBytes } = createRequire(import.meta.url)("gltf-validator") as GltfValidator;

// Issues that say nothing about whether the model renders: the writer fills what they name,
// or the renderer copes (an unused accessor, a missing optional field).
const IGNORED_ISSUES = [
  "UNUSED_OBJECT",
  "UNSUPPORTED_EXTENSION",
  "NODE_EMPTY",
  "MESH_PRIMITIVE_GENERATED_TANGENT_SPACE",
];

/**
 * Checks the converted model with the Khronos glTF validator and that it has geometry to show.
 * `glb` is the document as written before optimisation.
 */
export async function validateModel(fileName: string, document: Document, glb: Uint8Array) {
  const hasGeometry = document
    .getRoot()
    .listMeshes()
    .some((mesh) =>
      mesh
        .listPrimitives()
        .some((primitive) => (primitive.getAttribute("POSITION")?.getCount() ?? 0) > 0),
    );
  if (!hasGeometry) throw new UploadRejected(assetMessages.emptyModel, { file: fileName });

  const report = await validateBytes(glb, {
    maxIssues: 20,
    ignoredIssues: IGNORED_ISSUES,
    format: "glb",
  }).catch(() => null);
  if (!report) throw new UploadRejected(assetMessages.truncatedModel, { file: fileName });
  const firstError = report.issues.messages.find((issue) => issue.severity === 0);
  if (report.issues.numErrors > 0 && firstError) {
    throw new UploadRejected(assetMessages.invalidModel, {
      file: fileName,
      reason: `${firstError.message}${firstError.pointer ? ` (${firstError.pointer})` : ""}`,
    });
  }
}
