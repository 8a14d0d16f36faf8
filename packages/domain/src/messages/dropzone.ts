// The dropzone area of the English catalogue (see ../messages.ts): the web loads it with the
// pages that show it (apps/web/src/i18n/areas.ts), the server through `messages`.
export const dropzoneMessages = {
  required: "Required",
  onlyOne: "You should upload only one {0}",
  oneModelOnly: "Can't have more than 1 3D model files",
  // Atrium wording for the three dropzone messages the spec describes without quoting.
  notAudio: "The file is not an audio file. Expected type: {0}",
  maxFileSize: "Maximum attached file size {0}",
  rejected: "{file} was rejected: {reason}",
  tooLarge: "larger than {0}",
  wrongType: "expected {0}",
} as const;
