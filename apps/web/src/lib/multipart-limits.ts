import { invalid } from "@brandwarden/platform/http/app-error";

/**
 * What one multipart request may hold, for every multipart route (the plugin's options; a route
 * may only narrow them). Text fields are few and short, so fields sent before the file cannot fill
 * memory: the one upload (a logo) has no text fields at all.
 */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  /** Bytes of one text field's value; a longer one is refused (see `refuseTruncatedFields`). */
  fieldSize: 1024,
  fields: 10,
  /** Bytes of one file (routes narrow it: the logo's is 1 MiB). */
  fileSize: 10 * 1024 * 1024,
  files: 1,
  parts: 20,
  headerPairs: 100,
};

const LIMIT_MESSAGES: Record<string, string> = {
  FST_FIELDS_LIMIT: `The form has more than ${MULTIPART_LIMITS.fields} fields`,
  FST_PARTS_LIMIT: `The form has more than ${MULTIPART_LIMITS.parts} parts`,
  FST_FILES_LIMIT: `The form has more than ${MULTIPART_LIMITS.files} file`,
};

/** The multipart plugin's limit errors as 422 `invalid` naming the limit; other errors unchanged. */
export function multipartLimitError(err: unknown): unknown {
  const message = LIMIT_MESSAGES[(err as { code?: string })?.code ?? ""];
  return message ? invalid(message) : err;
}

/** A text field longer than `fieldSize` arrives cut; it is refused rather than used cut. */
export function refuseTruncatedFields(fields: Record<string, unknown>): void {
  for (const part of Object.values(fields).flat())
    if ((part as { valueTruncated?: boolean })?.valueTruncated)
      throw invalid(
        `The form field ${(part as { fieldname: string }).fieldname} is longer than ${MULTIPART_LIMITS.fieldSize} bytes`,
      );
}
