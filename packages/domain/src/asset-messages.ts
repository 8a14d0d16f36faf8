// Atrium wording for the asset library: what an upload that cannot be kept is told, what the
// library says about quotas and deletion. The spec describes these situations without quoting
// text (spec 1 §5, spec 2 §5.2, §8), so they live beside the spec's catalogue rather than in it.
// The server answers with them and the dropzone shows them as they come.

export const assetMessages = {
  emptyFile: "{file} is empty",
  tooLarge: "{file} is larger than {limit}",
  wrongContent: "{file} is not {expected}: its content does not match",
  svgRefused: "{file} is an SVG drawing; upload a PNG, JPEG, GIF or WebP picture",
  unreadableImage: "{file} could not be read as a picture",
  imageTooManyPixels: "{file} is too large in pixels (at most {limit} pixels)",
  unreadableVideo: "{file} could not be read as an MP4 video",
  unreadableAudio: "{file} could not be read as a WAV or MP3 file",
  noModelFile: "Upload a glb, gltf, obj or zip file",
  truncatedModel: "{file} is damaged or incomplete and cannot be read as a 3D model",
  invalidModel: "{file} is not a valid 3D model: {reason}",
  emptyModel: "{file} has no 3D geometry",
  unsupportedExtension:
    "{file} needs the glTF extension {extension}, which Atrium cannot show; export it without {extension}",
  dracoUndecodable:
    "{file} is not a valid 3D model: its Draco-compressed mesh data (KHR_draco_mesh_compression) could not be decoded",
  unusableTexture: "{file} is not a usable texture: {reason}",
  missingCompanion: "{file} needs {missing}, which was not uploaded",
  unusedPart: "{file} is not used by the model",
  zipUnreadable: "{file} is not a readable zip archive",
  zipTooManyEntries: "{file} holds more than {limit} files",
  zipTooLarge: "{file} unpacks to more than {limit}",
  zipUnsafePath: "{file} holds a file with an unsafe path: {path}",
  zipManyModels: "{file} holds {count} 3D models ({names}); a zip may hold only one",
  zipEncrypted: "{file} holds an encrypted or unsupported entry: {path}",
  tooManyVertices: "{file} has more than {limit} vertices",
  quotaExceeded:
    "Your library is full: {used} of {quota} used. Delete assets you no longer need to upload more.",
  assetInUse: 'This asset is used in "{scene}"; remove it from the space before deleting it',
  assetInUseMany:
    'This asset is used in "{scene}" and {count} other spaces; remove it from them before deleting it',
  unsupportedCharacters: "Unsupported characters for the chosen font: {0}",
  youtubeLinkInvalid: "Paste a YouTube video link (youtube.com/watch?v=... or youtu.be/...)",
  videoFileOrLink: "Upload an MP4 file or paste a YouTube link",
} as const;

export type AssetMessages = typeof assetMessages;
