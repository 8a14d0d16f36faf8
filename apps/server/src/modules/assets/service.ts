import {
  assetMessages,
  canCreateInDistrict,
  type DistrictRole,
  formatBytes,
  formatMessage,
  type LibraryAsset,
  type LibraryAssetPatch,
  messages,
  type PageRequest,
  pageOffset,
  type TextAsset,
  unsupportedCharacters,
} from "@atrium/domain";
import type { FileRow } from "../../db/schema/index.js";
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
} from "../../errors.js";
import type { AuthContext } from "../../http/auth.js";
import { assertSignedIn } from "../../http/auth.js";
import type { FilesService } from "../files/service.js";
import { createClipNamesBackfill } from "./clip-names.js";
import { type AssetLimitsConfig, limitsFor } from "./limits.js";
import { probeAudio } from "./media/audio.js";
import { processPicture } from "./media/picture.js";
import { probeVideo, youtubeThumbnailUrl, youtubeVideoId, youtubeWatchUrl } from "./media/video.js";
import type { MultipartUpload, UploadedPart } from "./multipart.js";
import { formatDuration, placeholderThumbnail } from "./placeholder-thumbnail.js";
import { presentAsset } from "./present.js";
import type { AssetFamily, AssetsRepo, NewAsset } from "./repo.js";
import { sniff } from "./sniff.js";
import { UploadRejected } from "./upload-rejected.js";

/** Which saved scenes place an asset: deleting it is refused while any does. */
export interface SceneAssetUsage {
  scenesUsing(assetId: string): Promise<{ sceneId: string; title: string }[]>;
}

/** Until the scenes' content lands on this branch, nothing can use an asset. */
export const noSceneUsage: SceneAssetUsage = { scenesUsing: async () => [] };

export interface CommonFields {
  title: string;
  description: string;
  tags: string[];
  public: boolean;
  licenseId: string | null;
  interactive: boolean;
  collisions: "Precise" | "None";
  transparent: boolean;
  defaultSize: number;
}

export interface AssetsServiceDeps {
  repo: AssetsRepo;
  files: FilesService;
  config: AssetLimitsConfig;
  usage: SceneAssetUsage;
  fontCoverage(fontId: string): Promise<[number, number][] | null>;
  licenseExists(licenseId: string): Promise<boolean>;
  /**
   * The visitor's role in a district they may enter (null: outsider or signed out); throws the
   * district's 404 or 403 otherwise. The district library asks it first.
   */
  districtRole?: (auth: AuthContext | null, districtId: string) => Promise<DistrictRole | null>;
}

export function createAssetsService(deps: AssetsServiceDeps) {
  const { repo, files } = deps;
  const withClipNames = createClipNamesBackfill(repo, files);
  const districtRole =
    deps.districtRole ??
    (async () => {
      throw new NotFoundError(messages.district.unknownDistrict);
    });

  /** Stores files for one asset, and removes them all if anything later fails. */
  const fileSet = () => {
    const stored: FileRow[] = [];
    return {
      stored,
      async stream(
        ownerId: string,
        purpose: string,
        contentType: string,
        bytes: Uint8Array,
        size?: { width: number; height: number },
      ) {
        const row = await files.storeStream({
          ownerId,
          purpose,
          contentType,
          body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          maxBytes: bytes.length,
          width: size?.width ?? null,
          height: size?.height ?? null,
        });
        stored.push(row);
        return row;
      },
      async image(ownerId: string, purpose: string, bytes: Uint8Array) {
        const row = await files.storeImage({
          ownerId,
          purpose,
          data: Buffer.from(bytes),
          maxWidth: 1024,
          maxHeight: 1024,
        });
        stored.push(row);
        return row;
      },
      bytes: () =>
        stored.reduce(
          (sum, row) =>
            sum + row.sizeBytes + row.variants.reduce((total, variant) => total + variant.bytes, 0),
          0,
        ),
      discard: () => files.deleteFiles(stored.map((row) => row.id)),
    };
  };

  const quotaMessage = (used: number, quota: number) =>
    formatMessage(assetMessages.quotaExceeded, {
      used: formatBytes(used),
      quota: formatBytes(quota),
    });

  /** Refuses early, before any work, when the library is already full. */
  async function assertRoomFor(auth: AuthContext, incomingBytes: number) {
    const { quotaBytes } = limitsFor(deps.config, auth.plan);
    const used = await repo.usedBytes(auth.userId);
    if (used + incomingBytes > quotaBytes)
      throw new PayloadTooLargeError(quotaMessage(used, quotaBytes));
  }

  /** Inserts the asset with its stored files, or removes the files: no file without its row. */
  async function keep(
    auth: AuthContext,
    set: ReturnType<typeof fileSet>,
    asset: Omit<NewAsset, "id" | "ownerId" | "bytes">,
  ) {
    const { quotaBytes } = limitsFor(deps.config, auth.plan);
    try {
      const { inserted, used } = await repo.insertWithinQuota(
        { ...asset, id: crypto.randomUUID(), ownerId: auth.userId, bytes: set.bytes() },
        quotaBytes,
      );
      if (!inserted) throw new PayloadTooLargeError(quotaMessage(used, quotaBytes));
      const found = await repo.find(inserted.id);
      return presentAsset(found as NonNullable<typeof found>);
    } catch (error) {
      await set.discard();
      throw error;
    }
  }

  /** Runs an upload's processing and storing; a refusal becomes a 400 (or 413) and leaves nothing. */
  async function upload<T>(set: ReturnType<typeof fileSet>, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      await set.discard();
      if (error instanceof UploadRejected) {
        throw error.kind === "tooLarge"
          ? new PayloadTooLargeError(error.message)
          : new BadRequestError(error.message);
      }
      throw error;
    }
  }

  async function findOwned(auth: AuthContext | null, family: AssetFamily, id: string) {
    const signedIn = assertSignedIn(auth);
    const found = await repo.find(id);
    if (!found || found.asset.family !== family) throw new NotFoundError();
    if (found.asset.ownerId !== signedIn.userId && !signedIn.isAdmin) throw new ForbiddenError();
    return { signedIn, found };
  }

  async function checkLicense(licenseId: string | null) {
    if (licenseId !== null && !(await deps.licenseExists(licenseId))) {
      throw new BadRequestError("Unknown licence", [
        { path: "body.licenseId", message: "Unknown licence" },
      ]);
    }
  }

  const single = (upload: MultipartUpload, field: string): UploadedPart => {
    const parts = upload.files.filter((part) => part.field === field);
    if (parts.length === 0)
      throw new BadRequestError(messages.dropzone.required, [
        { path: `body.${field}`, message: messages.dropzone.required },
      ]);
    if (parts.length > 1)
      throw new BadRequestError(formatMessage(messages.dropzone.onlyOne, ["file"]));
    return parts[0] as UploadedPart;
  };
  /** A thumbnail the browser drew is a PNG, JPEG or WebP picture: checked before any work. */
  const assertThumbnailPicture = (part: UploadedPart) => {
    if (!["png", "jpeg", "webp"].includes(sniff(part.bytes))) {
      const message = formatMessage(assetMessages.wrongContent, {
        file: part.name,
        expected: "a PNG, JPEG or WebP picture",
      });
      throw new BadRequestError(message, [{ path: "body.thumbnail", message }]);
    }
  };
  const optional = (upload: MultipartUpload, field: string) =>
    upload.files.find((part) => part.field === field) ?? null;

  const columns = (fields: CommonFields) => ({
    title: fields.title,
    description: fields.description,
    tags: fields.tags,
    public: fields.public,
    licenseId: fields.licenseId,
    interactive: fields.interactive,
    collisions: fields.collisions,
    transparent: fields.transparent,
    defaultSize: fields.defaultSize,
  });

  async function textDetails(text: TextAsset) {
    const fontId = text.fontId ?? "font-inter";
    const coverage = await deps.fontCoverage(fontId);
    if (!coverage)
      throw new BadRequestError("Unknown font", [
        { path: "body.text.fontId", message: "Unknown font" },
      ]);
    for (const required of text.requiredFonts) {
      if (!(await deps.fontCoverage(required))) {
        throw new BadRequestError("Unknown font", [
          { path: "body.text.requiredFonts", message: "Unknown font" },
        ]);
      }
    }
    if (text.hyperText && !text.link) {
      throw new BadRequestError(messages.forms.fieldRequired, [
        { path: "body.text.link", message: messages.forms.fieldRequired },
      ]);
    }
    // characters drawn by one of the required fonts are supported too
    const extra = await Promise.all(text.requiredFonts.map((id) => deps.fontCoverage(id)));
    const ranges = [
      coverage,
      ...extra.filter((ranges): ranges is [number, number][] => ranges !== null),
    ]
      .flat()
      .sort((a, b) => a[0] - b[0]);
    return {
      text: { ...text, fontId },
      unsupportedCharacters: unsupportedCharacters(text.content, ranges),
    };
  }

  return {
    limits(auth: AuthContext | null) {
      return limitsFor(deps.config, assertSignedIn(auth).plan);
    },

    async storageUsage(auth: AuthContext | null) {
      const signedIn = assertSignedIn(auth);
      const limits = limitsFor(deps.config, signedIn.plan);
      return { usedBytes: await repo.usedBytes(signedIn.userId), ...limits };
    },

    async listMine(
      auth: AuthContext | null,
      family: AssetFamily,
      page: PageRequest,
      hyperText?: boolean,
    ) {
      const signedIn = assertSignedIn(auth);
      const rows = await repo.list({
        ownerId: signedIn.userId,
        family,
        hyperText,
        onlyPublic: false,
        offset: pageOffset(page),
        limit: page.ipp,
      });
      return (await withClipNames(rows)).map(presentAsset);
    },

    /** Another user's library shows what they made public; one's own shows everything. */
    async listByUser(
      auth: AuthContext | null,
      userId: string,
      family: AssetFamily,
      page: PageRequest,
      hyperText?: boolean,
    ) {
      const own = auth?.userId === userId;
      const rows = await repo.list({
        ownerId: userId,
        family,
        hyperText,
        onlyPublic: !own,
        offset: pageOffset(page),
        limit: page.ipp,
      });
      return (await withClipNames(rows)).map(presentAsset);
    },

    /** A district's library: for anyone who may enter the district (spec 2 §2.4). */
    async listByDistrict(
      auth: AuthContext | null,
      districtId: string,
      family: AssetFamily,
      page: PageRequest,
      hyperText?: boolean,
    ) {
      await districtRole(auth, districtId);
      const rows = await repo.listInDistrict({
        districtId,
        family,
        hyperText,
        offset: pageOffset(page),
        limit: page.ipp,
      });
      return (await withClipNames(rows)).map(presentAsset);
    },

    /** The owner or a creator of a district shares one of their own items into its library. */
    async shareToDistrict(
      auth: AuthContext | null,
      family: AssetFamily,
      id: string,
      districtId: string,
    ) {
      const { signedIn, found } = await findOwned(auth, family, id);
      if (!canCreateInDistrict(await districtRole(signedIn, districtId)))
        throw new ForbiddenError(messages.district.creatorsOnly);
      await repo.shareToDistrict(districtId, id, signedIn.userId);
      return presentAsset(found);
    },

    /** The district's owner takes any item out of its library; a creator their own. */
    async unshareFromDistrict(
      auth: AuthContext | null,
      family: AssetFamily,
      id: string,
      districtId: string,
    ) {
      const signedIn = assertSignedIn(auth);
      const role = await districtRole(signedIn, districtId);
      const found = await repo.find(id);
      if (!found || found.asset.family !== family) throw new NotFoundError();
      const own = found.asset.ownerId === signedIn.userId && canCreateInDistrict(role);
      if (role !== "Owner" && !own) throw new ForbiddenError(messages.district.ownersOnly);
      if (!(await repo.unshareFromDistrict(districtId, id))) throw new NotFoundError();
      return { assetId: id, districtId, removed: true as const };
    },

    async listPublic(family: AssetFamily, page: PageRequest) {
      const rows = await repo.listPublic(family, pageOffset(page), page.ipp);
      return (await withClipNames(rows)).map(presentAsset);
    },

    async get(auth: AuthContext | null, family: AssetFamily, id: string): Promise<LibraryAsset> {
      const found = await repo.find(id);
      if (!found || found.asset.family !== family) throw new NotFoundError();
      if (!found.asset.public && found.asset.ownerId !== auth?.userId && !auth?.isAdmin)
        throw new NotFoundError();
      const [named] = await withClipNames([found]);
      return presentAsset(named ?? found);
    },

    async createPicture(auth: AuthContext | null, fields: CommonFields, form: MultipartUpload) {
      const signedIn = assertSignedIn(auth);
      await checkLicense(fields.licenseId);
      const file = single(form, "file");
      await assertRoomFor(signedIn, file.bytes.length);
      const set = fileSet();
      return upload(set, async () => {
        const picture = await processPicture(file.name, file.bytes);
        const full = await set.stream(
          signedIn.userId,
          "asset-picture",
          picture.full.contentType,
          picture.full.bytes,
          picture.full,
        );
        const display = await set.stream(
          signedIn.userId,
          "asset-picture",
          picture.display.contentType,
          picture.display.bytes,
          picture.display,
        );
        const thumbnail = await set.image(
          signedIn.userId,
          "asset-thumbnail",
          picture.display.bytes,
        );
        return keep(signedIn, set, {
          family: "picture",
          ...columns(fields),
          fileId: display.id,
          originalFileId: full.id,
          thumbnailFileId: thumbnail.id,
          details: { width: picture.width, height: picture.height, hasAlpha: picture.hasAlpha },
        });
      });
    },

    async createVideo(
      auth: AuthContext | null,
      fields: CommonFields,
      form: MultipartUpload,
      youtube: { link: string } | null,
    ) {
      const signedIn = assertSignedIn(auth);
      await checkLicense(fields.licenseId);
      const set = fileSet();
      if (youtube) {
        const id = youtubeVideoId(youtube.link);
        if (!id)
          throw new BadRequestError(assetMessages.youtubeLinkInvalid, [
            { path: "body.link", message: assetMessages.youtubeLinkInvalid },
          ]);
        const thumbnailPart = optional(form, "thumbnail");
        return upload(set, async () => {
          const thumbnail = thumbnailPart
            ? await set.image(signedIn.userId, "asset-thumbnail", thumbnailPart.bytes)
            : null;
          return keep(signedIn, set, {
            family: "video",
            ...columns(fields),
            thumbnailFileId: thumbnail?.id ?? null,
            details: {
              provider: "Youtube",
              link: youtubeWatchUrl(id),
              youtubeVideoId: id,
              thumbnailUrl: youtubeThumbnailUrl(id),
            },
          });
        });
      }
      const file = form.files.some((part) => part.field === "file") ? single(form, "file") : null;
      if (!file)
        throw new BadRequestError(assetMessages.videoFileOrLink, [
          { path: "body.file", message: assetMessages.videoFileOrLink },
        ]);
      await assertRoomFor(signedIn, file.bytes.length);
      const thumbnailPart = optional(form, "thumbnail");
      return upload(set, async () => {
        const probe = await probeVideo(file.name, file.bytes);
        const video = await set.stream(
          signedIn.userId,
          "asset-video",
          "video/mp4",
          file.bytes,
          probe,
        );
        const thumbnail = await set.image(
          signedIn.userId,
          "asset-thumbnail",
          thumbnailPart
            ? thumbnailPart.bytes
            : await placeholderThumbnail("video", formatDuration(probe.duration)),
        );
        return keep(signedIn, set, {
          family: "video",
          ...columns(fields),
          fileId: video.id,
          thumbnailFileId: thumbnail.id,
          details: {
            provider: "File",
            width: probe.width,
            height: probe.height,
            duration: probe.duration,
            codec: probe.codec,
          },
        });
      });
    },

    async createAudio(auth: AuthContext | null, fields: CommonFields, form: MultipartUpload) {
      const signedIn = assertSignedIn(auth);
      await checkLicense(fields.licenseId);
      const parts = form.files.filter(
        (part) => part.field === "file" || part.field === "audioFile",
      );
      if (parts.length === 0)
        throw new BadRequestError(messages.dropzone.required, [
          { path: "body.audioFile", message: messages.dropzone.required },
        ]);
      if (parts.length > 1)
        throw new BadRequestError(formatMessage(messages.dropzone.onlyOne, ["audio file"]));
      const file = parts[0] as UploadedPart;
      await assertRoomFor(signedIn, file.bytes.length);
      const set = fileSet();
      return upload(set, async () => {
        const probe = await probeAudio(file.name, file.bytes);
        const audio = await set.stream(
          signedIn.userId,
          "asset-audio",
          probe.contentType,
          file.bytes,
        );
        const thumbnail = await set.image(
          signedIn.userId,
          "asset-thumbnail",
          await placeholderThumbnail("audio", formatDuration(probe.duration)),
        );
        return keep(signedIn, set, {
          family: "audio",
          ...columns(fields),
          fileId: audio.id,
          thumbnailFileId: thumbnail.id,
          details: { contentType: probe.contentType, duration: probe.duration },
        });
      });
    },

    async createModel(auth: AuthContext | null, fields: CommonFields, form: MultipartUpload) {
      const signedIn = assertSignedIn(auth);
      await checkLicense(fields.licenseId);
      const parts = form.files.filter((part) => part.field === "file");
      if (parts.length === 0)
        throw new BadRequestError(messages.dropzone.required, [
          { path: "body.file", message: messages.dropzone.required },
        ]);
      const thumbnailPart = optional(form, "thumbnail");
      if (thumbnailPart) assertThumbnailPicture(thumbnailPart);
      await assertRoomFor(
        signedIn,
        parts.reduce((sum, part) => sum + part.bytes.length, 0),
      );
      const set = fileSet();
      return upload(set, async () => {
        // the model pipeline (glTF-Transform, Draco, meshoptimizer) loads with the first model
        const { processModelUpload } = await import("./pipeline/index.js");
        const model = await processModelUpload(
          parts.map((part) => ({ name: part.name, bytes: part.bytes })),
          { thumbnail: !thumbnailPart },
        );
        const glb = await set.stream(
          signedIn.userId,
          "asset-model",
          "model/gltf-binary",
          model.glb,
        );
        const original = await set.stream(
          signedIn.userId,
          "asset-model-original",
          model.original.contentType,
          model.original.bytes,
        );
        const thumbnail = await set.image(
          signedIn.userId,
          "asset-thumbnail",
          thumbnailPart?.bytes ?? (model.thumbnail as Uint8Array),
        );
        return keep(signedIn, set, {
          family: "model3d",
          ...columns(fields),
          title: fields.title || model.original.name.replace(/\.[^.]+$/, ""),
          fileId: glb.id,
          originalFileId: original.id,
          thumbnailFileId: thumbnail.id,
          details: {
            sourceFormat: model.sourceFormat,
            originalName: model.original.name,
            ...model.counts,
          },
        });
      });
    },

    async createText(auth: AuthContext | null, fields: CommonFields, text: TextAsset) {
      const signedIn = assertSignedIn(auth);
      await checkLicense(fields.licenseId);
      const details = await textDetails(text);
      const set = fileSet();
      return keep(signedIn, set, {
        family: "text3d",
        ...columns(fields),
        title: fields.title || text.content.slice(0, 60),
        hyperText: text.hyperText,
        details,
      });
    },

    async createWebView(auth: AuthContext | null, fields: CommonFields, url: string) {
      const signedIn = assertSignedIn(auth);
      await checkLicense(fields.licenseId);
      return keep(signedIn, fileSet(), {
        family: "webview3d",
        ...columns(fields),
        title: fields.title || new URL(url).hostname,
        details: { url },
      });
    },

    async createInfoPoint(
      auth: AuthContext | null,
      fields: CommonFields,
      info: { body: string; category: string | null },
    ) {
      const signedIn = assertSignedIn(auth);
      return keep(signedIn, fileSet(), { family: "infopoint", ...columns(fields), details: info });
    },

    async update(
      auth: AuthContext | null,
      family: AssetFamily,
      id: string,
      patch: LibraryAssetPatch & {
        text?: TextAsset | undefined;
        url?: string | undefined;
        body?: string | undefined;
        category?: string | null | undefined;
      },
    ) {
      const { found } = await findOwned(auth, family, id);
      if (patch.licenseId !== undefined) await checkLicense(patch.licenseId);
      const { text, url, body, category, ...common } = patch;
      const details = { ...(found.asset.details as Record<string, unknown>) };
      let hyperText: boolean | undefined;
      if (text !== undefined) {
        if (family !== "text3d") throw new BadRequestError("Only 3D texts have a text");
        Object.assign(details, await textDetails(text));
        hyperText = text.hyperText;
      }
      if (url !== undefined) {
        if (family !== "webview3d") throw new BadRequestError("Only web views have an address");
        details.url = url;
      }
      if (body !== undefined || category !== undefined) {
        if (family !== "infopoint")
          throw new BadRequestError("Only info points have a body and a category");
        if (body !== undefined) details.body = body;
        if (category !== undefined) details.category = category;
      }
      await repo.update(id, {
        ...common,
        details,
        ...(hyperText === undefined ? {} : { hyperText }),
      });
      return presentAsset(
        (await repo.find(id)) as NonNullable<Awaited<ReturnType<typeof repo.find>>>,
      );
    },

    async replaceThumbnail(
      auth: AuthContext | null,
      family: AssetFamily,
      id: string,
      form: MultipartUpload,
    ) {
      const { signedIn, found } = await findOwned(auth, family, id);
      const part = single(form, "thumbnail");
      const set = fileSet();
      const thumbnail = await set.image(found.asset.ownerId, "asset-thumbnail", part.bytes);
      const previous = found.asset.thumbnailFileId;
      try {
        const previousBytes = previous ? await fileBytes(files, previous) : 0;
        await repo.update(id, {
          thumbnailFileId: thumbnail.id,
          bytes: Math.max(0, found.asset.bytes - previousBytes + set.bytes()),
        });
      } catch (error) {
        await set.discard();
        throw error;
      }
      if (previous) await files.deleteFiles([previous]);
      void signedIn;
      return presentAsset(
        (await repo.find(id)) as NonNullable<Awaited<ReturnType<typeof repo.find>>>,
      );
    },

    async delete(auth: AuthContext | null, family: AssetFamily, id: string) {
      const { found } = await findOwned(auth, family, id);
      const scenes = await deps.usage.scenesUsing(id);
      const [first] = scenes;
      if (first) {
        throw new ConflictError(
          scenes.length === 1
            ? formatMessage(assetMessages.assetInUse, { scene: first.title })
            : formatMessage(assetMessages.assetInUseMany, {
                scene: first.title,
                count: scenes.length - 1,
              }),
        );
      }
      const { asset } = found;
      await repo.delete(id);
      const ids = [
        asset.fileId,
        asset.originalFileId,
        asset.thumbnailFileId,
        ...asset.extraFileIds,
      ].filter((value): value is string => !!value);
      await files.deleteFiles(ids);
    },
  };
}

async function fileBytes(files: FilesService, id: string) {
  const row = await files.find(id);
  return row ? row.sizeBytes + row.variants.reduce((sum, variant) => sum + variant.bytes, 0) : 0;
}

export type AssetsService = ReturnType<typeof createAssetsService>;
