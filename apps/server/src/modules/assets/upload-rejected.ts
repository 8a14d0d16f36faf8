import { formatMessage, type MessageParams } from "@atrium/domain";

/**
 * An upload that cannot be kept, with the message the dropzone shows. Thrown by the pipelines
 * (which know nothing of HTTP); the asset service turns it into a 400 (or 413 for sizes).
 */
export class UploadRejected extends Error {
  constructor(
    template: string,
    params: MessageParams = {},
    readonly kind: "invalid" | "tooLarge" = "invalid",
  ) {
    super(formatMessage(template, params));
    this.name = "UploadRejected";
  }
}
