import {
  CustomSpaceThemeSchema,
  FontCoverageSchema,
  FontItemSchema,
  IdSchema,
  InfoPointCategorySchema,
  LicenseSchema,
  MaterialItemSchema,
  PageRequestSchema,
  PortalStyleSchema,
  PropCatalogueItemSchema,
  SkyItemSchema,
  TERRAINS,
  TerrainItemSchema,
  terrainById,
} from "@atrium/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFoundError } from "../../errors.js";
import type { CatalogueService } from "./catalogue-service.js";
import type { AssetsService } from "./service.js";

// The built-in catalogue under /api/assetService: props and materials with their categories,
// skies, fonts (with their unicode ranges), portal styles, custom space themes, licences, info
// point categories, textures, and the build version the original Unity loader asked for.

const Params = z.object({ id: IdSchema });
const Category = z.object({ category: z.string().max(100).optional() });
const doc = ["assetService"];

const TextureSchema = z.object({
  textureId: IdSchema,
  title: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const catalogueRoutes: FastifyPluginAsyncZod<{
  catalogue: CatalogueService;
  assets: AssetsService;
  version: string;
}> = async (app, { catalogue, assets, version }) => {
  app.get(
    "/assetService/prop",
    {
      schema: {
        tags: doc,
        summary: "Catalogue props (optionally of one category)",
        querystring: Category,
        response: { 200: z.array(PropCatalogueItemSchema) },
      },
    },
    async (request) => catalogue.props(request.query.category),
  );
  app.get(
    "/assetService/prop/categories",
    { schema: { tags: doc, summary: "Prop categories", response: { 200: z.array(z.string()) } } },
    async () => catalogue.propCategories(),
  );
  app.get(
    "/assetService/prop/:id",
    {
      schema: {
        tags: doc,
        summary: "One prop",
        params: Params,
        response: { 200: PropCatalogueItemSchema },
      },
    },
    async (request) => catalogue.prop(request.params.id),
  );

  app.get(
    "/assetService/material",
    {
      schema: {
        tags: doc,
        summary: "Catalogue materials (optionally of one category)",
        querystring: Category,
        response: { 200: z.array(MaterialItemSchema) },
      },
    },
    async (request) => catalogue.materials(request.query.category),
  );
  app.get(
    "/assetService/material/categories",
    {
      schema: { tags: doc, summary: "Material categories", response: { 200: z.array(z.string()) } },
    },
    async () => catalogue.materialCategories(),
  );
  app.get(
    "/assetService/material/:id",
    {
      schema: {
        tags: doc,
        summary: "One material",
        params: Params,
        response: { 200: MaterialItemSchema },
      },
    },
    async (request) => catalogue.material(request.params.id),
  );

  for (const path of ["/assetService/sky", "/assetService/sky/public"]) {
    app.get(
      path,
      {
        schema: {
          tags: doc,
          summary: "Skies (equirectangular panoramas)",
          response: { 200: z.array(SkyItemSchema) },
        },
      },
      async () => catalogue.skies(),
    );
  }
  app.get(
    "/assetService/sky/:id",
    { schema: { tags: doc, summary: "One sky", params: Params, response: { 200: SkyItemSchema } } },
    async (request) => catalogue.sky(request.params.id),
  );

  // terrains: the built-in list of the domain (catalogue materials and colours, no files)
  app.get(
    "/assetService/terrain",
    {
      schema: {
        tags: doc,
        summary: "Terrains (the ground around a space)",
        response: { 200: z.array(TerrainItemSchema) },
      },
    },
    async () => [...TERRAINS],
  );
  app.get(
    "/assetService/terrain/:id",
    {
      schema: {
        tags: doc,
        summary: "One terrain",
        params: Params,
        response: { 200: TerrainItemSchema },
      },
    },
    async (request) => {
      const terrain = terrainById(request.params.id);
      if (!terrain) throw new NotFoundError();
      return terrain;
    },
  );

  // "unity" fonts: the fonts the 3D player loads; Atrium's renderer takes the same list
  for (const path of ["/assetService/font", "/assetService/font/unity"]) {
    app.get(
      path,
      {
        schema: {
          tags: doc,
          summary: "Fonts for 3D texts, with their files and unicode ranges",
          response: { 200: z.array(FontItemSchema) },
        },
      },
      async () => catalogue.fonts(),
    );
  }
  app.get(
    "/assetService/font/unicodeRanges",
    {
      schema: {
        tags: doc,
        summary: "Each font's character coverage as code point ranges",
        response: { 200: z.array(FontCoverageSchema) },
      },
    },
    async () => catalogue.fontCoverages(),
  );
  app.get(
    "/assetService/font/:id",
    {
      schema: { tags: doc, summary: "One font", params: Params, response: { 200: FontItemSchema } },
    },
    async (request) => catalogue.font(request.params.id),
  );

  app.get(
    "/assetService/portal",
    {
      schema: {
        tags: doc,
        summary: "Portal styles",
        response: { 200: z.array(PortalStyleSchema) },
      },
    },
    async () => catalogue.portals(),
  );
  app.get(
    "/assetService/portal/:id",
    {
      schema: {
        tags: doc,
        summary: "One portal style",
        params: Params,
        response: { 200: PortalStyleSchema },
      },
    },
    async (request) => catalogue.portal(request.params.id),
  );

  app.get(
    "/assetService/customspacetheme",
    {
      schema: {
        tags: doc,
        summary: "Looks for custom spaces: wall and floor materials, sky, lighting",
        response: { 200: z.array(CustomSpaceThemeSchema) },
      },
    },
    async () => catalogue.themes(),
  );
  app.get(
    "/assetService/customspacetheme/:id",
    {
      schema: {
        tags: doc,
        summary: "One custom space theme",
        params: Params,
        response: { 200: CustomSpaceThemeSchema },
      },
    },
    async (request) => catalogue.theme(request.params.id),
  );

  app.get(
    "/assetService/license",
    {
      schema: {
        tags: doc,
        summary: "Licences an upload can carry",
        response: { 200: z.array(LicenseSchema) },
      },
    },
    async () => catalogue.licenses(),
  );
  app.get(
    "/assetService/license/:id",
    {
      schema: {
        tags: doc,
        summary: "One licence",
        params: Params,
        response: { 200: LicenseSchema },
      },
    },
    async (request) => catalogue.license(request.params.id),
  );

  app.get(
    "/assetService/infopoint/categories",
    {
      schema: {
        tags: doc,
        summary: "Info point categories",
        response: { 200: z.array(InfoPointCategorySchema) },
      },
    },
    async () => catalogue.infoPointCategories(),
  );

  // textures: the catalogue materials' colour maps, and the signed-in user's pictures
  app.get(
    "/assetService/texture/public",
    {
      schema: {
        tags: doc,
        summary: "Catalogue textures (the materials' colour maps)",
        response: { 200: z.array(TextureSchema) },
      },
    },
    async () =>
      (await catalogue.materials()).map((material) => ({
        textureId: material.materialId,
        title: material.title,
        url: material.baseColorUrl,
        thumbnailUrl: material.thumbnailUrl,
        width: 512,
        height: 512,
      })),
  );
  app.get(
    "/assetService/texture/myLibrary",
    {
      schema: {
        tags: doc,
        summary: "The signed-in user's pictures, usable as textures",
        querystring: PageRequestSchema,
        response: { 200: z.array(TextureSchema) },
      },
    },
    async (request) =>
      (await assets.listMine(request.auth, "picture", request.query)).map((asset) => ({
        textureId: asset.assetId,
        title: asset.title,
        url: asset.fileUrl ?? "",
        thumbnailUrl: asset.thumbnailUrl,
        width: asset.family === "picture" ? asset.width : null,
        height: asset.family === "picture" ? asset.height : null,
      })),
  );
  app.get(
    "/assetService/texture/:id",
    {
      schema: {
        tags: doc,
        summary: "One texture: a catalogue material's colour map",
        params: Params,
        response: { 200: TextureSchema },
      },
    },
    async (request) => {
      const material = await catalogue.material(request.params.id);
      return {
        textureId: material.materialId,
        title: material.title,
        url: material.baseColorUrl,
        thumbnailUrl: material.thumbnailUrl,
        width: 512,
        height: 512,
      };
    },
  );

  // spec 2 §7.4: the original loader built asset URLs from the current build's version
  app.get(
    "/assetService/unityBuild",
    {
      schema: {
        tags: doc,
        summary: "The current build: a list whose first item has the version",
        querystring: z.object({ unityBuildName: z.string().max(50).default("current") }),
        response: { 200: z.array(z.object({ unityBuildName: z.string(), version: z.string() })) },
      },
    },
    async (request) =>
      request.query.unityBuildName === "current" ? [{ unityBuildName: "current", version }] : [],
  );
};
