/**
 * Why an edit cannot be exported. The message is written for the creator (the route answers it as a 400): an edit
 * that keeps nothing is never exported as an empty timeline, and a kept range that is not on the video is named.
 */
export type EditExportErrorCode = 'empty_edit' | 'invalid_range' | 'invalid_source' | 'too_many_events';

export class EditExportError extends Error {
  override readonly name = 'EditExportError';
  constructor(
    readonly code: EditExportErrorCode,
    message: string,
  ) {
    super(message);
  }
}
