import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.js";
import { createFilesRepo } from "../files/repo.js";
import { createFilesService, type FilesService } from "../files/service.js";
import { catalogueRoutes } from "./catalogue-routes.js";
import { createCatalogueService } from "./catalogue-service.js";
import { ensureCatalogue } from "./install-catalogue.js";
import { ensurePremadePhotos } from "./premade-photos.js";
import { createAssetsRepo } from "./repo.js";
import { assetsRoutes } from "./routes.js";
import { sceneUsageFromContents } from "./scene-usage.js";
import { type AssetsServiceDeps, createAssetsService, type SceneAssetUsage } from "./service.js";

/** The asset service under /api/assetService: the user library and the built-in catalogue. */
export async function registerAssets(
  app: FastifyInstance,
  options: {
    context: AppContext;
    files: FilesService;
    usage?: SceneAssetUsage;
    districtRole?: AssetsServiceDeps["districtRole"];
  },
) {
  const repo = createAssetsRepo(options.context.database.db);
  const catalogue = createCatalogueService(repo);
  const assets = createAssetsService({
    repo,
    files: options.files,
    config: options.context.config,
    usage: options.usage ?? sceneUsageFromContents(options.context.database.db),
    fontCoverage: catalogue.fontCoverage,
    licenseExists: catalogue.licenseExists,
    ...(options.districtRole ? { districtRole: options.districtRole } : {}),
  });
  await app.register(assetsRoutes as FastifyPluginAsyncZod<{ assets: typeof assets }>, {
    prefix: "/api",
    assets,
  });
  await app.register(catalogueRoutes, {
    prefix: "/api",
    catalogue,
    assets,
    version: options.context.version,
  });
}

/**
 * Installs the catalogue this build makes when the database lacks it (see install-catalogue.ts),
 * then draws the premade spaces' photos that are missing or out of date (premade-photos.ts).
 * Returns how many catalogue entries and premade spaces were added.
 */
export async function installBuiltInCatalogue(context: AppContext, signal?: AbortSignal) {
  const files = createFilesService(createFilesRepo(context.database.db), context.storage);
  const entries = await ensureCatalogue(context.database, files, signal);
  const premadePhotos = signal?.aborted
    ? 0
    : await ensurePremadePhotos(context.database, files, signal);
  return entries + premadePhotos;
}
