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

/** Checks a binary glTF with the Khronos glTF validator. */
export async function validateGlb(fileName: string, glb: Uint8Array) {
  const report = await validateBytes(glb, {
    maxIssues: 20,
    ignoredIssues: IGNORED_ISSUES,
    format: "glb",
  }).catch(() => null);
  if (!report) throw new UploadRejected(assetMessages.truncatedModel, { file: fileName });
  const firstError = report.issues.messages.find((issue) => issue.severity === 0);
  if (report.issues.numErrors > 0 && firstError) {
    if (/^(GLB_|INVALID_GLB|UNEXPECTED_END|INVALID_JSON|UNTERMINATED)/.test(firstError.code)) {
      throw new UploadRejected(assetMessages.truncatedModel, { file: fileName });
    }
    throw new UploadRejected(assetMessages.invalidModel, {
      file: fileName,
      reason: `${firstError.message}${firstError.pointer ? ` (${firstError.pointer})` : ""}`,
    });
  }
}

/** Refuses a model with nothing to draw. */
export function assertHasGeometry(fileName: string, document: Document) {
  const hasGeometry = document
    .getRoot()
    .listMeshes()
    .some((mesh) =>
      mesh
        .listPrimitives()
        .some((primitive) => (primitive.getAttribute("POSITION")?.getCount() ?? 0) > 0),
    );
  if (!hasGeometry) throw new UploadRejected(assetMessages.emptyModel, { file: fileName });
}
