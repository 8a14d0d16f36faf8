import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { assetMessages } from "@atrium/domain";
import type { Document } from "@gltf-transform/core";
import { UploadRejected } from "../upload-rejected.js";

interface ValidationReport {
  issues: {
    numErrors: number;
    messages: { code: string; message: string; severity: number; pointer?: string }[];
  };
}

// The Khronos validator (a CommonJS build of Dart code) allocates several times the model's
// size. It runs in a worker thread whose whole heap is dropped when it ends, so that memory is
// given back before the optimisation needs its own instead of adding to it.
const validatorPath = createRequire(import.meta.url).resolve("gltf-validator");
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { validateBytes } = require(workerData.validatorPath);
validateBytes(workerData.glb, workerData.options).then(
  (report) => parentPort.postMessage({ issues: { numErrors: report.issues.numErrors, messages: report.issues.messages } }),
  () => parentPort.postMessage(null),
);
`;

function validateInWorker(glb: Uint8Array, options: object): Promise<ValidationReport | null> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { glb, options, validatorPath },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    let settled = false;
    // a crash (out of memory on a hostile file) refuses the model
    const finish = (report: ValidationReport | null) => {
      if (settled) return;
      settled = true;
      resolve(report);
      void worker.terminate();
    };
    worker.once("message", finish);
    worker.once("error", () => finish(null));
    worker.once("exit", () => finish(null));
  });
}

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
  const report = await validateInWorker(glb, {
    maxIssues: 20,
    ignoredIssues: IGNORED_ISSUES,
    format: "glb",
  });
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
