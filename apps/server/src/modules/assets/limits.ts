import type { AccountPlan } from "@atrium/domain";

// Upload limits and storage quotas by plan. The configured values are the Free plan's; paid
// plans get multiples of them (documented in the README's configuration table).

export interface AssetLimitsConfig {
  UPLOAD_MAX_BYTES: number;
  MODEL_MAX_BYTES: number;
  STORAGE_QUOTA_BYTES: number;
}

const FILE_FACTOR: Record<AccountPlan, number> = { free: 1, standard: 4, pro: 8 };
const QUOTA_FACTOR: Record<AccountPlan, number> = { free: 1, standard: 8, pro: 40 };

export interface PlanLimits {
  fileMaxBytes: number;
  modelMaxBytes: number;
  quotaBytes: number;
}

export function limitsFor(config: AssetLimitsConfig, plan: AccountPlan): PlanLimits {
  return {
    fileMaxBytes: config.UPLOAD_MAX_BYTES * FILE_FACTOR[plan],
    modelMaxBytes: config.MODEL_MAX_BYTES * FILE_FACTOR[plan],
    quotaBytes: config.STORAGE_QUOTA_BYTES * QUOTA_FACTOR[plan],
  };
}

/** Thumbnails the browser sends: small pictures. */
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
/** Files in one model upload: the model, its mtl or bin, and textures. */
export const MODEL_MAX_PARTS = 40;
