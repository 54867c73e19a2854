/** An image from outside that is not read: its format, size or cost is over what is accepted. */
export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
  constructor(
    readonly reason: "unsupported" | "too_large" | "unreadable" | "too_costly",
    message: string,
  ) {
    super(message);
  }
}
